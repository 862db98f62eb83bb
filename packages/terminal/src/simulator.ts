import {
  SERIAL_BAUD_RATE,
  SERIAL_FLOW_CONTROL,
  SERIAL_USB_FILTERS,
} from '@tkc/contracts/constants';
import { DEVICE_ERRORS, type DeviceErrorName } from '@tkc/contracts/erase-status';
import { toHex, utf8 } from './bytes';
import {
  type CapLoadOutcome,
  type CapReceiver,
  createCapReceiver,
  type TerminalUld,
} from './cap-receiver';
import { type EraseAuthorizationCheck, verifyEraseAuthorization } from './erase-auth';
import { createFrameParser, encodeFrame, type FrameParser, type ParsedEvent } from './frame';
import {
  type CommandName,
  decodeCommand,
  decodeEraseFields,
  encodeReply,
  REASON_NO_CERTIFICATE,
  REASON_SULD_NOT_ENABLED,
  RESULT_CHALLENGE_NOT_CURRENT,
  RESULT_FAILURE,
  RESULT_OK,
  RN_BYTES,
  SERIAL_FIELD_WIDTH,
  textField,
} from './protocol';
import type {
  SerialLike,
  SerialOpenOptionsLike,
  SerialPortFilterLike,
  SerialPortInfoLike,
  SerialPortLike,
} from './serial';
import { matchesFilter } from './serial';
import {
  damagedFrame,
  faultBytes,
  type TerminalFault,
  type TerminalReplyFault,
} from './simulator-faults';

export type { TerminalFault, TerminalReplyFault } from './simulator-faults';

// A virtual terminal that speaks the Key Erase protocol and LOAD CAP behind a Web Serial-shaped
// port, and a `navigator.serial`-like object to inject it into the SPA (demo mode) and into tests.

export type SimulatedTerminalOptions = {
  model: string;
  sn: string;
  esn: string;
  /** The model's Triple-DES erase key (16 or 24 bytes). */
  eraseKey: Uint8Array;
  /** The platform root certificate (PEM) the terminal trusts. */
  trustedRoot: string;
  /** SULD mode on (default). Off: every command is answered 670000 SULD_NOT_ENABLED. */
  suldMode?: boolean;
  /** The terminal's clock (certificate validity). */
  now?: () => Date;
  /** The User Loader that takes LOAD CAP; without it LOAD CAP is answered ULD_NOT_AVAILABLE. */
  uld?: TerminalUld;
  /** The largest CAP LOAD CAP accepts (default DEFAULT_MAX_CAP_BYTES). */
  maxCapBytes?: number;
};

/** The terminal: its identity, keys, state and the faults it has been told to show. */
export class SimulatedTerminal {
  readonly model: string;
  readonly sn: string;
  readonly esn: string;
  suldMode: boolean;
  /** True once an authorised erase reverted the User keys to the ULD default (false again after
   * the ULD takes a Key CAP). */
  keysAtDefault = false;
  eraseCount = 0;
  /** The commands received, in order (an unknown id as its number). */
  readonly received: (CommandName | number)[] = [];
  /** The outcome of the last authorisation check (for tests and the demo's log). */
  lastCheck: EraseAuthorizationCheck | null = null;
  private readonly eraseKey: Uint8Array;
  private readonly trustedRoot: string;
  private readonly now: () => Date;
  private currentRn: string | null = null;
  private resetSinceRn = false;
  private faults: TerminalFault[] = [];
  private readonly uld: TerminalUld | undefined;
  private readonly capReceiver: CapReceiver;

  constructor(o: SimulatedTerminalOptions) {
    this.model = o.model;
    this.sn = o.sn;
    this.esn = o.esn;
    this.eraseKey = Uint8Array.from(o.eraseKey);
    this.trustedRoot = o.trustedRoot;
    this.suldMode = o.suldMode ?? true;
    this.now = o.now ?? (() => new Date());
    this.uld = o.uld;
    this.capReceiver = createCapReceiver({
      uld: o.uld,
      maxBytes: o.maxCapBytes,
      // A Key CAP gives the terminal keys of its company: they are no longer the default.
      onOutcome: (outcome) => {
        if (outcome.ok && outcome.keysChanged) this.keysAtDefault = false;
      },
    });
  }

  /** The outcome of every CAP handed to the ULD, in order. */
  get capLoads(): readonly CapLoadOutcome[] {
    return this.capReceiver.outcomes;
  }

  /** Adds a fault; faults apply in the order added. */
  injectFault(fault: TerminalFault): void {
    this.faults.push({ ...fault, times: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** The RN the terminal would accept now (null when none is outstanding). */
  get challenge(): string | null {
    return this.currentRn;
  }

  private takeFault(name: CommandName): TerminalReplyFault | null {
    const i = this.faults.findIndex((f) => f.command === undefined || f.command === name);
    if (i < 0) return null;
    const f = this.faults[i]!;
    f.times = (f.times ?? 1) - 1;
    if (f.times <= 0) this.faults.splice(i, 1);
    return f.reply;
  }

  /** The bytes the terminal sends back for one received event; null when it stays silent. */
  async answer(event: ParsedEvent): Promise<Uint8Array | null> {
    if (event.type !== 'frame') return encodeFrame(replyFor('COMMAND_ERROR'));
    const command = decodeCommand(event.payload);
    if (!command?.name) {
      if (command) this.received.push(command.id);
      return encodeFrame(replyFor('NO_COMMAND'));
    }
    this.received.push(command.name);
    const fault = this.takeFault(command.name);
    if (fault !== null && fault !== 'corrupt' && fault !== 'badStuffing') return faultBytes(fault);
    const reply = this.suldMode
      ? await this.handle(command.name, command.fields)
      : encodeReply(RESULT_FAILURE, [utf8(REASON_SULD_NOT_ENABLED)]);
    if (fault === 'corrupt' || fault === 'badStuffing') return damagedFrame(fault, reply);
    return encodeFrame(reply);
  }

  private async handle(name: CommandName, fields: Uint8Array[] | null): Promise<Uint8Array> {
    if (fields === null) return replyFor('INVALID_PARA');
    switch (name) {
      case 'getSn':
        if (fields.length > 0) return replyFor('INVALID_PARA');
        return encodeReply(RESULT_OK, [
          textField(this.sn, SERIAL_FIELD_WIDTH),
          textField(this.esn, SERIAL_FIELD_WIDTH),
          textField(this.model),
        ]);
      case 'getRn': {
        if (fields.length > 0) return replyFor('INVALID_PARA');
        this.currentRn = toHex(crypto.getRandomValues(new Uint8Array(RN_BYTES)));
        this.resetSinceRn = false;
        return encodeReply(RESULT_OK, [textField(this.currentRn)]);
      }
      case 'softReset':
        if (fields.length > 0) return replyFor('INVALID_PARA');
        this.resetSinceRn = true;
        return encodeReply(RESULT_OK);
      case 'erase':
        return this.erase(fields);
      case 'loadCap':
        return (await this.capReceiver.handle(fields)) ?? replyFor('INVALID_PARA');
      case 'getCertificate': {
        if (fields.length > 0) return replyFor('INVALID_PARA');
        const pem = this.uld?.certificatePem?.() ?? null;
        if (!pem) return encodeReply(RESULT_FAILURE, [utf8(REASON_NO_CERTIFICATE)]);
        return encodeReply(RESULT_OK, [utf8(pem)]);
      }
    }
  }

  private async erase(fields: Uint8Array[]): Promise<Uint8Array> {
    const f = decodeEraseFields(fields);
    if (!f) return replyFor('INVALID_PARA');
    // The RN must be the last one issued, and is used up by any attempt.
    if (this.currentRn === null || f.rn !== this.currentRn) {
      return encodeReply(RESULT_CHALLENGE_NOT_CURRENT);
    }
    this.currentRn = null;
    if (!this.resetSinceRn) return replyFor('COMMAND_ERROR');
    const check = await verifyEraseAuthorization({
      sn: this.sn,
      esn: this.esn,
      rn: f.rn,
      authorization: f,
      eraseKey: this.eraseKey,
      trustedRoot: this.trustedRoot,
      now: this.now(),
    });
    this.lastCheck = check;
    if (!check.ok) return replyFor(check.error);
    await this.uld?.revertToDefault();
    this.keysAtDefault = true;
    this.eraseCount++;
    return encodeReply(RESULT_OK);
  }
}

/** The reply payload of a device error: its own code, or 670000 with its name. */
function replyFor(name: DeviceErrorName): Uint8Array<ArrayBuffer> {
  const c = DEVICE_ERRORS.find((e) => e.name === name)?.code ?? null;
  return c === null ? encodeReply(RESULT_FAILURE, [utf8(name)]) : encodeReply(String(c));
}

// --- The port ---

export type SimulatedSerialPortOptions = {
  /** USB identifiers; the first supported pair by default (docs/product.md#device-log). */
  info?: SerialPortInfoLike;
  /** Replies go out in chunks of at most this many bytes (default: whole). */
  replyChunkBytes?: number;
  /** Delay before a reply, in ms (default 0). */
  replyDelayMs?: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A Web Serial `SerialPort` with the simulated terminal at the other end. */
export class SimulatedSerialPort implements SerialPortLike {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  /** Another application has the port open: open() rejects with InvalidStateError. */
  heldElsewhere = false;
  readonly terminal: SimulatedTerminal;
  private readonly info: SerialPortInfoLike;
  private readonly chunkBytes: number;
  private readonly delayMs: number;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private parser: FrameParser = createFrameParser();
  private queue: Promise<void> = Promise.resolve();
  /** Bumped by open and close, so a late reply never reaches a later session. */
  private session = 0;

  constructor(terminal: SimulatedTerminal, o: SimulatedSerialPortOptions = {}) {
    this.terminal = terminal;
    this.info = { ...(o.info ?? SERIAL_USB_FILTERS[0]!) };
    this.chunkBytes = Math.max(1, o.replyChunkBytes ?? Number.POSITIVE_INFINITY);
    this.delayMs = o.replyDelayMs ?? 0;
  }

  getInfo(): SerialPortInfoLike {
    return { ...this.info };
  }

  /** Rejects unless 115200 baud with hardware flow control, or when the port is open already. */
  async open(options: SerialOpenOptionsLike): Promise<void> {
    if (this.readable || this.heldElsewhere) {
      throw new DOMException('The port is already open.', 'InvalidStateError');
    }
    if (options?.baudRate !== SERIAL_BAUD_RATE || options.flowControl !== SERIAL_FLOW_CONTROL) {
      throw new DOMException(
        `Failed to open serial port: the terminal needs ${SERIAL_BAUD_RATE} baud and hardware flow control.`,
        'NetworkError',
      );
    }
    this.session++;
    this.parser = createFrameParser();
    this.queue = Promise.resolve();
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.controller = null;
      },
    });
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => this.received(chunk),
    });
  }

  /** Rejects while a stream is locked (as Web Serial does) or when the port is not open. */
  async close(): Promise<void> {
    const { readable, writable } = this;
    if (!readable || !writable)
      throw new DOMException('The port is already closed.', 'InvalidStateError');
    if (readable.locked || writable.locked) {
      throw new TypeError('Cannot close a port whose readable or writable stream is locked.');
    }
    this.session++;
    this.controller = null;
    this.readable = null;
    this.writable = null;
    await readable.cancel().catch(() => undefined);
    await writable.abort().catch(() => undefined);
  }

  /** Simulates unplugging the cable: the readable stream errors. */
  disconnect(): void {
    try {
      this.controller?.error(new DOMException('The device has been lost.', 'NetworkError'));
    } catch {
      // already closed
    }
    this.controller = null;
  }

  /** Sends bytes to the host as if the terminal had (for tests of line noise). */
  inject(bytes: Uint8Array): void {
    this.send(Uint8Array.from(bytes));
  }

  private received(chunk: Uint8Array): void {
    const session = this.session;
    for (const event of this.parser.push(chunk)) {
      this.queue = this.queue.then(() => this.respond(event, session)).catch(() => undefined);
    }
  }

  private async respond(event: ParsedEvent, session: number): Promise<void> {
    const reply = await this.terminal.answer(event);
    if (!reply) return;
    if (this.delayMs > 0) await sleep(this.delayMs);
    if (session === this.session) this.send(reply);
  }

  private send(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length; at += this.chunkBytes) {
      try {
        this.controller?.enqueue(bytes.slice(at, at + this.chunkBytes));
      } catch {
        return; // the stream was closed meanwhile
      }
    }
  }
}

// --- navigator.serial ---

/** A `navigator.serial` stand-in: requestPort picks the first port matching the filters. */
export class SimulatedSerial implements SerialLike {
  readonly ports: SimulatedSerialPort[];
  /** The user dismisses the port chooser: requestPort rejects with NotFoundError. */
  userCancels = false;
  private readonly granted = new Set<SimulatedSerialPort>();

  constructor(ports: SimulatedSerialPort[] = []) {
    this.ports = ports;
  }

  async requestPort(
    options: { filters?: readonly SerialPortFilterLike[] } = {},
  ): Promise<SimulatedSerialPort> {
    const filters = options.filters ?? [];
    const port = this.ports.find(
      (p) => filters.length === 0 || filters.some((f) => matchesFilter(f, p.getInfo())),
    );
    if (this.userCancels || !port) {
      throw new DOMException('No port selected by the user.', 'NotFoundError');
    }
    this.granted.add(port);
    return port;
  }

  /** The ports this origin was granted by requestPort. */
  async getPorts(): Promise<SimulatedSerialPort[]> {
    return this.ports.filter((p) => this.granted.has(p));
  }
}

/** A terminal with its port and a `navigator.serial` holding just that port. */
export function createSimulatedSetup(
  terminal: SimulatedTerminalOptions,
  port: SimulatedSerialPortOptions = {},
): { terminal: SimulatedTerminal; port: SimulatedSerialPort; serial: SimulatedSerial } {
  const t = new SimulatedTerminal(terminal);
  const p = new SimulatedSerialPort(t, port);
  return { terminal: t, port: p, serial: new SimulatedSerial([p]) };
}
