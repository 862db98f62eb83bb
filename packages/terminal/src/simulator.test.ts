import { beforeAll, describe, expect, it } from 'vitest';
import { latin1, utf8 } from './bytes';
import type { TerminalUld } from './cap-receiver';
import { encodeLoadCapBegin, encodeLoadCapData, encodeLoadCapEnd } from './cap-transfer';
import {
  buildEraseAuthorization,
  createEraseCredentials,
  type EraseCredentials,
} from './erase-auth';
import { createFrameParser, encodeFrame, type ParsedEvent } from './frame';
import {
  type CommandName,
  decodeReply,
  encodeCommand,
  encodeEraseCommand,
  encodeFields,
  readSerialText,
} from './protocol';
import {
  createSimulatedSetup,
  SimulatedSerial,
  SimulatedSerialPort,
  SimulatedTerminal,
  type SimulatedTerminalOptions,
} from './simulator';

let creds: EraseCredentials;
beforeAll(async () => {
  creds = await createEraseCredentials();
});

const terminalOptions = (o: Partial<SimulatedTerminalOptions> = {}): SimulatedTerminalOptions => ({
  model: 'T650P',
  sn: '1234567890',
  esn: '4455667788',
  eraseKey: creds.eraseKey,
  trustedRoot: creds.rootCertificate,
  ...o,
});

const OPEN = { baudRate: 115200, flowControl: 'hardware' } as const;

/** An open port with a reader and a writer: send a payload, get the next parser event. */
async function session(port: SimulatedSerialPort) {
  await port.open(OPEN);
  const reader = port.readable!.getReader();
  const writer = port.writable!.getWriter();
  const parser = createFrameParser();
  const pending: ParsedEvent[] = [];
  const next = async (): Promise<ParsedEvent> => {
    while (pending.length === 0) {
      const { value, done } = await reader.read();
      if (done) throw new Error('closed');
      pending.push(...parser.push(value));
    }
    return pending.shift()!;
  };
  const send = async (bytes: Uint8Array) => {
    await writer.write(bytes);
    return next();
  };
  const command = async (payload: Uint8Array) => {
    const e = await send(encodeFrame(payload));
    if (e.type !== 'frame') throw new Error(`unexpected ${e.type}`);
    const r = decodeReply(e.payload)!;
    return { code: r.code, fields: r.fields.map(latin1) };
  };
  const close = async () => {
    await reader.cancel();
    reader.releaseLock();
    await writer.close();
    writer.releaseLock();
    await port.close();
  };
  return { send, command, close };
}

const cmd = (name: CommandName) => encodeCommand(name);

async function authFor(t: SimulatedTerminal, rn: string, signingKey?: CryptoKey) {
  return buildEraseAuthorization({
    sn: t.sn,
    esn: t.esn,
    rn,
    eraseKey: creds.eraseKey,
    signingKey: signingKey ?? creds.signingKeys.privateKey,
    certificateChain: creds.certificateChain,
  });
}

describe('SimulatedSerialPort (Web Serial shape)', () => {
  it('reports the supported USB identifiers', () => {
    const { port } = createSimulatedSetup(terminalOptions());
    expect(port.getInfo()).toEqual({ usbVendorId: 5971, usbProductId: 51460 });
    const other = new SimulatedSerialPort(new SimulatedTerminal(terminalOptions()), {
      info: { usbVendorId: 3238, usbProductId: 41040 },
    });
    expect(other.getInfo()).toEqual({ usbVendorId: 3238, usbProductId: 41040 });
  });

  it('opens only at 115200 baud with hardware flow control', async () => {
    const { port } = createSimulatedSetup(terminalOptions());
    expect(port.readable).toBeNull();
    await expect(port.open({ baudRate: 9600, flowControl: 'hardware' })).rejects.toMatchObject({
      name: 'NetworkError',
    });
    await expect(port.open({ baudRate: 115200 })).rejects.toMatchObject({ name: 'NetworkError' });
    await expect(port.open({ baudRate: 115200, flowControl: 'none' })).rejects.toMatchObject({
      name: 'NetworkError',
    });
    await port.open(OPEN);
    expect(port.readable).toBeInstanceOf(ReadableStream);
    expect(port.writable).toBeInstanceOf(WritableStream);
  });

  it('rejects a second open with InvalidStateError, and when another program holds it', async () => {
    const { port } = createSimulatedSetup(terminalOptions());
    await port.open(OPEN);
    await expect(port.open(OPEN)).rejects.toMatchObject({ name: 'InvalidStateError' });
    const { port: held } = createSimulatedSetup(terminalOptions());
    held.heldElsewhere = true;
    await expect(held.open(OPEN)).rejects.toMatchObject({ name: 'InvalidStateError' });
  });

  it('will not close while a stream is locked, and reopens after close', async () => {
    const { port } = createSimulatedSetup(terminalOptions());
    await port.open(OPEN);
    const reader = port.readable!.getReader();
    await expect(port.close()).rejects.toBeInstanceOf(TypeError);
    reader.releaseLock();
    await port.close();
    expect(port.readable).toBeNull();
    await expect(port.close()).rejects.toMatchObject({ name: 'InvalidStateError' });
    const s = await session(port);
    expect((await s.command(cmd('getSn'))).code).toBe('620000');
    await s.close();
  });
});

describe('SimulatedSerial (navigator.serial shape)', () => {
  it('grants the first port matching the filters', async () => {
    const t = new SimulatedTerminal(terminalOptions());
    const a = new SimulatedSerialPort(t, { info: { usbVendorId: 1, usbProductId: 2 } });
    const b = new SimulatedSerialPort(t);
    const serial = new SimulatedSerial([a, b]);
    expect(await serial.getPorts()).toEqual([]);
    const filters = [
      { usbVendorId: 5971, usbProductId: 51460 },
      { usbVendorId: 3238, usbProductId: 41040 },
    ];
    expect(await serial.requestPort({ filters })).toBe(b);
    expect(await serial.getPorts()).toEqual([b]);
    expect(await serial.requestPort()).toBe(a);
  });

  it('rejects with NotFoundError when nothing matches or the user cancels', async () => {
    const serial = new SimulatedSerial([]);
    await expect(serial.requestPort({ filters: [{ usbVendorId: 5971 }] })).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    const { serial: s2 } = createSimulatedSetup(terminalOptions());
    s2.userCancels = true;
    await expect(s2.requestPort()).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});

describe('SimulatedTerminal', () => {
  it('answers SN, a fresh RN each time, and soft reset', async () => {
    const { port } = createSimulatedSetup(terminalOptions(), { replyChunkBytes: 3 });
    const s = await session(port);
    const sn = await s.command(cmd('getSn'));
    expect(sn).toEqual({
      code: '620000',
      fields: ['0000001234567890\r\n', '0000004455667788\r\n', 'T650P\r\n'],
    });
    const rn1 = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    const rn2 = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    expect(rn1).toMatch(/^[0-9A-F]{16}$/);
    expect(rn2).toMatch(/^[0-9A-F]{16}$/);
    expect(rn1).not.toBe(rn2);
    expect(await s.command(cmd('softReset'))).toEqual({ code: '620000', fields: [] });
    await s.close();
  });

  it('erases with a valid authorisation, once per RN', async () => {
    const { port, terminal } = createSimulatedSetup(terminalOptions());
    const s = await session(port);
    const rn = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    await s.command(cmd('softReset'));
    const erase = encodeEraseCommand({ rn, ...(await authFor(terminal, rn)) });
    expect((await s.command(erase)).code).toBe('620000');
    expect(terminal.keysAtDefault).toBe(true);
    expect(terminal.eraseCount).toBe(1);
    // The same authorisation again: the RN is used up.
    expect((await s.command(erase)).code).toBe('620008');
    expect(terminal.eraseCount).toBe(1);
    await s.close();
  });

  it('refuses an RN that is not the last one issued', async () => {
    const { port, terminal } = createSimulatedSetup(terminalOptions());
    const s = await session(port);
    const old = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    await s.command(cmd('getRn'));
    await s.command(cmd('softReset'));
    const erase = encodeEraseCommand({ rn: old, ...(await authFor(terminal, old)) });
    expect((await s.command(erase)).code).toBe('620008');
    expect(terminal.keysAtDefault).toBe(false);
    await s.close();
  });

  it('wants a soft reset between the RN and the erase (623913 COMMAND_ERROR)', async () => {
    const { port, terminal } = createSimulatedSetup(terminalOptions());
    const s = await session(port);
    const rn = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    const erase = encodeEraseCommand({ rn, ...(await authFor(terminal, rn)) });
    expect((await s.command(erase)).code).toBe('623913');
    await s.close();
  });

  it('checks the authorisation: a forged signature is 623904 VERIFY_ERROR', async () => {
    const { port, terminal } = createSimulatedSetup(terminalOptions());
    const s = await session(port);
    const rn = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    await s.command(cmd('softReset'));
    const stranger = await crypto.subtle.generateKey(
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign', 'verify'],
    );
    const erase = encodeEraseCommand({ rn, ...(await authFor(terminal, rn, stranger.privateKey)) });
    expect((await s.command(erase)).code).toBe('623904');
    expect(terminal.lastCheck).toMatchObject({ ok: false, error: 'VERIFY_ERROR' });
    await s.close();
  });

  it('answers bad commands with device errors', async () => {
    const { port, terminal } = createSimulatedSetup(terminalOptions());
    const s = await session(port);
    expect((await s.command(Uint8Array.of(0x7e))).code).toBe('623914'); // NO_COMMAND
    expect((await s.command(new Uint8Array([0x01, 0x00]))).code).toBe('623901'); // INVALID_PARA
    expect((await s.command(encodeCommand('getSn', [Uint8Array.of(1)]))).code).toBe('623901');
    expect((await s.command(Uint8Array.of(0x04, ...encodeFields([])))).code).toBe('623901');
    const bad = encodeFrame(cmd('getSn'));
    bad[bad.length - 1]! ^= 1;
    const e = await s.send(bad);
    expect(e.type === 'frame' && decodeReply(e.payload)?.code).toBe('623913'); // COMMAND_ERROR
    expect(terminal.received).toEqual([0x7e, 'getSn', 'getSn', 'erase']);
    await s.close();
  });

  it('answers 670000 SULD_NOT_ENABLED to everything outside SULD mode', async () => {
    const { port } = createSimulatedSetup(terminalOptions({ suldMode: false }));
    const s = await session(port);
    for (const name of ['getSn', 'getRn', 'softReset'] as const) {
      expect(await s.command(cmd(name))).toEqual({ code: '670000', fields: ['SULD_NOT_ENABLED'] });
    }
    await s.close();
  });

  it('shows injected faults for the named command only, as many times as told', async () => {
    const { port, terminal } = createSimulatedSetup(terminalOptions());
    terminal.injectFault({ command: 'getRn', reply: { code: '623902' }, times: 2 });
    terminal.injectFault({ command: 'getSn', reply: 'corrupt' });
    const s = await session(port);
    expect(await s.send(encodeFrame(cmd('getSn')))).toMatchObject({
      type: 'corrupt',
      reason: 'checksum',
    });
    expect((await s.command(cmd('getSn'))).code).toBe('620000');
    expect((await s.command(cmd('getRn'))).code).toBe('623902');
    expect((await s.command(cmd('getRn'))).code).toBe('623902');
    expect((await s.command(cmd('getRn'))).code).toBe('620000');
    terminal.injectFault({ reply: 'allZero' });
    expect(await s.send(encodeFrame(cmd('softReset')))).toMatchObject({ type: 'zero' });
    terminal.injectFault({ reply: 'badStuffing' });
    expect(await s.send(encodeFrame(cmd('softReset')))).toMatchObject({
      type: 'corrupt',
      reason: 'stuffing',
    });
    await s.close();
  });
});

/** A stand-in ULD: accepts CAPs that start with 'GOOD', and 'KEYS' as a key set. */
function fakeUld() {
  const loaded: string[] = [];
  let reverts = 0;
  const uld: TerminalUld = {
    async loadCap(bytes) {
      const text = latin1(bytes);
      loaded.push(text);
      if (text.startsWith('GOOD')) return { ok: true };
      if (text.startsWith('KEYS')) return { ok: true, keysChanged: true };
      return { ok: false, reason: 'FAKE_REFUSED' };
    },
    revertToDefault() {
      reverts++;
    },
  };
  return { uld, loaded, reverts: () => reverts };
}

const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));

describe('SimulatedTerminal LOAD CAP', () => {
  it('collects the chunks and hands the CAP to the ULD', async () => {
    const f = fakeUld();
    const { port, terminal } = createSimulatedSetup(terminalOptions({ uld: f.uld }));
    const s = await session(port);
    const cap = utf8('GOOD cap bytes');
    expect((await s.command(encodeLoadCapBegin(cap.length, await sha256(cap)))).code).toBe(
      '620000',
    );
    expect((await s.command(encodeLoadCapData(0, cap.subarray(0, 5)))).code).toBe('620000');
    expect((await s.command(encodeLoadCapData(5, cap.subarray(5)))).code).toBe('620000');
    expect(await s.command(encodeLoadCapEnd())).toEqual({ code: '620000', fields: [] });
    expect(f.loaded).toEqual(['GOOD cap bytes']);
    expect(terminal.capLoads).toEqual([{ ok: true }]);
    await s.close();
  });

  it("answers 670000 with the ULD's reason when it refuses", async () => {
    const f = fakeUld();
    const { port } = createSimulatedSetup(terminalOptions({ uld: f.uld }));
    const s = await session(port);
    const cap = utf8('BAD cap');
    await s.command(encodeLoadCapBegin(cap.length, await sha256(cap)));
    await s.command(encodeLoadCapData(0, cap));
    expect(await s.command(encodeLoadCapEnd())).toEqual({
      code: '670000',
      fields: ['FAKE_REFUSED'],
    });
    await s.close();
  });

  it('refuses a transfer out of order, incomplete, too large or with the wrong digest', async () => {
    const f = fakeUld();
    const { port } = createSimulatedSetup(terminalOptions({ uld: f.uld, maxCapBytes: 100 }));
    const s = await session(port);
    const cap = utf8('GOOD');
    const digest = await sha256(cap);
    const reason = async (payload: Uint8Array) => (await s.command(payload)).fields[0];
    expect(await reason(encodeLoadCapData(0, cap))).toBe('CAP_NOT_STARTED');
    expect(await reason(encodeLoadCapEnd())).toBe('CAP_NOT_STARTED');
    expect(await reason(encodeLoadCapBegin(101, digest))).toBe('CAP_TOO_LARGE');
    await s.command(encodeLoadCapBegin(cap.length, digest));
    expect(await reason(encodeLoadCapData(1, cap))).toBe('CAP_OUT_OF_SEQUENCE');
    await s.command(encodeLoadCapBegin(cap.length, digest));
    expect(await reason(encodeLoadCapData(0, utf8('GOOD!')))).toBe('CAP_TOO_LARGE');
    await s.command(encodeLoadCapBegin(cap.length, digest));
    await s.command(encodeLoadCapData(0, cap.subarray(0, 2)));
    expect(await reason(encodeLoadCapEnd())).toBe('CAP_INCOMPLETE');
    await s.command(encodeLoadCapBegin(cap.length, await sha256(utf8('GOOF'))));
    await s.command(encodeLoadCapData(0, cap));
    expect(await reason(encodeLoadCapEnd())).toBe('CAP_DIGEST_MISMATCH');
    expect((await s.command(encodeCommand('loadCap', [Uint8Array.of(7)]))).code).toBe('623901');
    expect(f.loaded).toEqual([]);
    await s.close();
  });

  it('without a ULD answers ULD_NOT_AVAILABLE', async () => {
    const { port } = createSimulatedSetup(terminalOptions());
    const s = await session(port);
    expect(await s.command(encodeLoadCapEnd())).toEqual({
      code: '670000',
      fields: ['ULD_NOT_AVAILABLE'],
    });
    await s.close();
  });

  it('a successful Key Erase reverts the ULD to its default keys; a refused one does not', async () => {
    const f = fakeUld();
    const { port, terminal } = createSimulatedSetup(terminalOptions({ uld: f.uld }));
    const s = await session(port);
    const keys = utf8('KEYS');
    await s.command(encodeLoadCapBegin(keys.length, await sha256(keys)));
    await s.command(encodeLoadCapData(0, keys));
    expect((await s.command(encodeLoadCapEnd())).code).toBe('620000');
    expect(terminal.keysAtDefault).toBe(false);
    const rn = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    const refused = encodeEraseCommand({ rn, ...(await authFor(terminal, rn)) });
    expect((await s.command(refused)).code).toBe('623913'); // no soft reset in between
    expect(f.reverts()).toBe(0);
    const rn2 = readSerialText((await s.command(cmd('getRn'))).fields[0]!);
    await s.command(cmd('softReset'));
    const erase = encodeEraseCommand({ rn: rn2, ...(await authFor(terminal, rn2)) });
    expect((await s.command(erase)).code).toBe('620000');
    expect(f.reverts()).toBe(1);
    expect(terminal.keysAtDefault).toBe(true);
    await s.close();
  });
});
