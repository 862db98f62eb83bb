import {
  SERIAL_BAUD_RATE,
  SERIAL_FLOW_CONTROL,
  SERIAL_USB_FILTERS,
} from '@tkc/contracts/constants';
import {
  ERASE_STATUS,
  ERASE_STATUS_INDEX,
  type EraseStep,
  eraseStatusMessage,
} from '@tkc/contracts/erase-status';
import type { Authorization } from './erase-auth';
import {
  type DeviceLogEntry,
  readStepReply,
  receivedLogEntry,
  type StepOutcome,
  sentLogEntry,
} from './erase-log';
import {
  createFrameParser,
  encodeFrame,
  type FrameParser,
  MAX_FRAME_PAYLOAD_BYTES,
  type ParsedEvent,
} from './frame';
import { encodeCommand, encodeEraseCommand } from './protocol';
import type { SerialLike, SerialPortLike } from './serial';

// The host side of a Key Erase run, as the SPA drives it over Web Serial (or the simulator):
// open -> get SN -> get RN -> authorize (server) -> soft reset -> erase -> close.

/** Time allowed for each reply of the terminal unless the caller says otherwise. */
export const TERMINAL_REPLY_TIMEOUT_MS = 5000;

export type EraseRunStep = 'connect' | EraseStep | 'authorize';

export type EraseRunOptions = {
  /** Gets the authorisation for the terminal (the server's POST /uld/erase/auth). */
  authorize: (sn: string, esn: string, rn: string) => Promise<Authorization>;
  /** Time allowed for each reply (and each write), in ms. */
  timeoutMs?: number;
  /** Told when each step starts. */
  onStep?: (step: EraseRunStep) => void;
  /** Told of each log entry as it is added. */
  onLog?: (entry: DeviceLogEntry) => void;
};

export type EraseRunResult = {
  /** Index into the erase status table; 0 is success. */
  status: number;
  /** The table's message for `status`. */
  message: string;
  /** The step the run ended in; null on success. */
  failedStep: EraseRunStep | null;
  /** '' when the run ended before the value was read. */
  sn: string;
  esn: string;
  rn: string;
  model: string;
  log: DeviceLogEntry[];
};

/**
 * An error for `authorize` to reject with when the server refused with a known erase status (e.g.
 * 1 Unsupported Model, 2 403 Not Allowed Action, 7 429, 16 500, 47 Invalid Serial Number). Any
 * object with a numeric `eraseStatus` in the table works the same; other rejections read as
 * 6 Can't Erase Key.
 */
export class EraseAuthorizationError extends Error {
  override name = 'EraseAuthorizationError';
  readonly eraseStatus: number;
  constructor(eraseStatus: number, message = eraseStatusMessage(eraseStatus)) {
    super(message);
    this.eraseStatus = eraseStatus;
  }
}

/** The erase status of a rejected authorisation. */
function authorizationFailureStatus(error: unknown): number {
  const s = (error as { eraseStatus?: unknown } | null)?.eraseStatus;
  return typeof s === 'number' && Number.isInteger(s) && s > 0 && s < ERASE_STATUS.length
    ? s
    : ERASE_STATUS_INDEX.cantEraseKey;
}

/**
 * Asks the user to pick a terminal (filters: the two supported USB bridges, docs/product.md#device-log). Null when no port was
 * chosen (the run then ends with 17 Failed Initiation (Terminal Not Selected)).
 */
export async function requestTerminal(
  serial: SerialLike | null | undefined,
): Promise<SerialPortLike | null> {
  try {
    return serial ? await serial.requestPort({ filters: SERIAL_USB_FILTERS }) : null;
  } catch {
    return null;
  }
}

const TIMEOUT = Symbol('timeout');

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Reads the port in the background and hands out parser events one at a time. */
class Line {
  private readonly events: ParsedEvent[] = [];
  private readonly parser: FrameParser = createFrameParser();
  private wake: (() => void) | null = null;
  private ended = false;
  readonly done: Promise<void>;

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {
    this.done = this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        if (ArrayBuffer.isView(value)) {
          const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
          this.events.push(...this.parser.push(bytes));
          this.notify();
        }
      }
    } catch {
      // The line broke (device lost): the waiting step sees no answer.
    } finally {
      this.ended = true;
      this.notify();
    }
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** The next event, or null when none came within `ms` (a partial frame then reads as corrupt). */
  async next(ms: number): Promise<ParsedEvent | null> {
    const deadline = Date.now() + ms;
    while (this.events.length === 0 && !this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const arrived = new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      await withTimeout(arrived, left);
    }
    const event = this.events.shift();
    if (event) return event;
    return this.parser.end()[0] ?? null;
  }
}

/**
 * Runs one Key Erase against a terminal on `port` (null: none was selected). Opens the port at
 * 115200 baud with hardware flow control and closes it at the end. Never throws: every failure,
 * garbage on the line included, ends the run with its erase status and a log of the raw bytes.
 */
export async function runErase(
  port: SerialPortLike | null | undefined,
  options: EraseRunOptions,
): Promise<EraseRunResult> {
  const timeoutMs = options.timeoutMs ?? TERMINAL_REPLY_TIMEOUT_MS;
  const log: DeviceLogEntry[] = [];
  const values = { sn: '', esn: '', rn: '', model: '' };
  const finish = (status: number, failedStep: EraseRunStep | null): EraseRunResult => ({
    status,
    message: eraseStatusMessage(status),
    failedStep,
    ...values,
    log,
  });
  const step = (s: EraseRunStep) => {
    try {
      options.onStep?.(s);
    } catch {
      // a listener's error is not the run's
    }
  };
  const addLog = (entry: DeviceLogEntry) => {
    log.push(entry);
    try {
      options.onLog?.(entry);
    } catch {
      // as above
    }
  };

  step('connect');
  if (!port) return finish(ERASE_STATUS_INDEX.terminalNotSelected, 'connect');
  try {
    await port.open({ baudRate: SERIAL_BAUD_RATE, flowControl: SERIAL_FLOW_CONTROL });
  } catch {
    return finish(ERASE_STATUS_INDEX.terminalConnected, 'connect');
  }

  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  let line: Line | null = null;
  let current: EraseStep = 'sn';
  try {
    if (!port.readable || !port.writable) {
      return finish(ERASE_STATUS_INDEX.terminalConnected, 'connect');
    }
    reader = port.readable.getReader();
    writer = port.writable.getWriter();
    line = new Line(reader);
    const w = writer;
    const l = line;

    const exchange = async (s: EraseStep, payload: Uint8Array): Promise<StepOutcome> => {
      current = s;
      step(s);
      const frame = encodeFrame(payload);
      addLog(sentLogEntry(s, payload, frame));
      const written = await withTimeout(w.write(frame), timeoutMs);
      const event = written === TIMEOUT ? null : await l.next(timeoutMs);
      const read = readStepReply(s, event);
      addLog(receivedLogEntry(s, event, read));
      return read;
    };

    const sn = await exchange('sn', encodeCommand('getSn'));
    [values.sn = '', values.esn = '', values.model = ''] = sn.values;
    if (!sn.ok) return finish(sn.status, 'sn');

    const rn = await exchange('rn', encodeCommand('getRn'));
    values.rn = rn.values[0] ?? '';
    if (!rn.ok) return finish(rn.status, 'rn');

    step('authorize');
    let authorization: Authorization;
    try {
      authorization = await options.authorize(values.sn, values.esn, values.rn);
    } catch (e) {
      return finish(authorizationFailureStatus(e), 'authorize');
    }
    let erasePayload: Uint8Array;
    try {
      erasePayload = encodeEraseCommand({ ...authorization, rn: values.rn });
      if (erasePayload.length > MAX_FRAME_PAYLOAD_BYTES) throw new RangeError('too large');
    } catch {
      return finish(ERASE_STATUS_INDEX.cantEraseKey, 'authorize');
    }

    const reset = await exchange('reset', encodeCommand('softReset'));
    if (!reset.ok) return finish(reset.status, 'reset');

    const erase = await exchange('erase', erasePayload);
    return finish(erase.status, erase.ok ? null : 'erase');
  } catch {
    // Not expected (writes and reads are guarded); end the run as the step's undefined failure.
    return finish(readStepReply(current, null).status, current);
  } finally {
    await release(port, reader, writer, line, timeoutMs);
  }
}

async function release(
  port: SerialPortLike,
  reader: ReadableStreamDefaultReader<Uint8Array> | null,
  writer: WritableStreamDefaultWriter<Uint8Array> | null,
  line: Line | null,
  timeoutMs: number,
): Promise<void> {
  const quietly = async (f: () => Promise<unknown> | unknown) => {
    try {
      await withTimeout(Promise.resolve(f()), timeoutMs);
    } catch {
      // releasing is best effort
    }
  };
  if (reader) {
    await quietly(() => reader.cancel());
    if (line) await quietly(() => line.done);
    await quietly(() => reader.releaseLock());
  }
  if (writer) {
    await quietly(() => writer.close());
    await quietly(() => writer.releaseLock());
  }
  await quietly(() => port.close());
}
