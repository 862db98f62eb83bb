import { beforeAll, describe, expect, it } from 'vitest';
import { runLoadCap } from './cap-client';
import type { TerminalUld } from './cap-receiver';
import { CAP_CHUNK_BYTES } from './cap-transfer';
import { createEraseCredentials, type EraseCredentials } from './erase-auth';
import { createSimulatedSetup, type SimulatedTerminalOptions } from './simulator';

let creds: EraseCredentials;
beforeAll(async () => {
  creds = await createEraseCredentials();
});

/** A stand-in ULD that keeps what it got and refuses CAPs whose first byte is 0. */
function recordingUld() {
  const got: Uint8Array[] = [];
  const uld: TerminalUld = {
    async loadCap(bytes) {
      got.push(Uint8Array.from(bytes));
      return bytes[0] === 0 ? { ok: false, reason: 'SIGNER_NOT_USER_KEY' } : { ok: true };
    },
    revertToDefault() {},
  };
  return { uld, got };
}

const setup = (o: Partial<SimulatedTerminalOptions> = {}) =>
  createSimulatedSetup({
    model: 'T650P',
    sn: '1234567890',
    esn: '4455667788',
    eraseKey: creds.eraseKey,
    trustedRoot: creds.rootCertificate,
    ...o,
  });

const capOf = (length: number, first = 1) => {
  const cap = crypto.getRandomValues(new Uint8Array(length));
  cap[0] = first;
  return cap;
};

describe('runLoadCap', () => {
  it('sends a CAP in chunks and reports the ULD accepting it', async () => {
    const r = recordingUld();
    const { port, terminal } = setup({ uld: r.uld });
    const cap = capOf(2 * CAP_CHUNK_BYTES + 100);
    const progress: number[] = [];
    const result = await runLoadCap(port, cap, { onProgress: (sent) => progress.push(sent) });
    expect(result).toEqual({
      ok: true,
      code: '620000',
      reason: null,
      failedPhase: null,
      sentBytes: cap.length,
      certificatePem: null,
    });
    expect(r.got).toHaveLength(1);
    expect(Buffer.from(r.got[0]!).equals(Buffer.from(cap))).toBe(true);
    expect(progress).toEqual([CAP_CHUNK_BYTES, 2 * CAP_CHUNK_BYTES, cap.length]);
    expect(terminal.received).toEqual(['loadCap', 'loadCap', 'loadCap', 'loadCap', 'loadCap']);
    expect(port.readable).toBeNull(); // closed again
  });

  it("returns the terminal's reason when the ULD refuses", async () => {
    const r = recordingUld();
    const { port } = setup({ uld: r.uld });
    const result = await runLoadCap(port, capOf(10, 0), { chunkBytes: 4 });
    expect(result).toEqual({
      ok: false,
      code: '670000',
      reason: 'SIGNER_NOT_USER_KEY',
      failedPhase: 'end',
      sentBytes: 10,
      certificatePem: null,
    });
  });

  it('ends with the phase that failed: no port, port busy, silence, garbage, a refused begin', async () => {
    expect(await runLoadCap(null, capOf(5))).toMatchObject({
      failedPhase: 'connect',
      reason: 'NO_PORT',
    });
    const busy = setup({ uld: recordingUld().uld });
    busy.port.heldElsewhere = true;
    expect(await runLoadCap(busy.port, capOf(5))).toMatchObject({
      failedPhase: 'connect',
      reason: 'PORT_NOT_OPENED',
    });
    const silent = setup({ uld: recordingUld().uld });
    silent.terminal.injectFault({ command: 'loadCap', reply: 'silent' });
    expect(await runLoadCap(silent.port, capOf(5), { timeoutMs: 50 })).toMatchObject({
      failedPhase: 'begin',
      reason: 'NO_RESPONSE',
      code: null,
    });
    const noisy = setup({ uld: recordingUld().uld });
    noisy.terminal.injectFault({ command: 'loadCap', reply: 'garbage' });
    expect(await runLoadCap(noisy.port, capOf(5), { timeoutMs: 200 })).toMatchObject({
      failedPhase: 'begin',
      reason: 'BAD_RESPONSE',
    });
    const noUld = setup();
    expect(await runLoadCap(noUld.port, capOf(5))).toMatchObject({
      failedPhase: 'begin',
      code: '670000',
      reason: 'ULD_NOT_AVAILABLE',
      sentBytes: 0,
    });
  });
});
