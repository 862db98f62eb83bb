import { ERASE_STATUS, eraseStatusMessage } from '@tkc/contracts/erase-status';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Authorization,
  buildEraseAuthorization,
  createEraseCredentials,
  type EraseCredentials,
} from './erase-auth';
import {
  EraseAuthorizationError,
  type EraseRunOptions,
  type EraseRunResult,
  type EraseRunStep,
  requestTerminal,
  runErase,
} from './erase-client';
import type { DeviceLogEntry } from './erase-log';
import type { CommandName } from './protocol';
import {
  createSimulatedSetup,
  type SimulatedSerialPortOptions,
  type SimulatedTerminal,
  type SimulatedTerminalOptions,
  type TerminalReplyFault,
} from './simulator';

const DLE_MESSAGE =
  'DLE unpack Failed, Wrong format response from terminal, reconnect the terminal and try again';

let creds: EraseCredentials;
let other: EraseCredentials;
beforeAll(async () => {
  creds = await createEraseCredentials();
  other = await createEraseCredentials({ rootName: 'Some Other Root' });
});

/** The server's side, as tests need it: sign with these credentials. */
const authorizer =
  (c: () => EraseCredentials = () => creds, eraseKey?: () => Uint8Array) =>
  (sn: string, esn: string, rn: string): Promise<Authorization> =>
    buildEraseAuthorization({
      sn,
      esn,
      rn,
      eraseKey: eraseKey?.() ?? c().eraseKey,
      signingKey: c().signingKeys.privateKey,
      certificateChain: c().certificateChain,
    });

function setup(t: Partial<SimulatedTerminalOptions> = {}, p: SimulatedSerialPortOptions = {}) {
  return createSimulatedSetup(
    {
      model: 'T650P',
      sn: '1234567890',
      esn: '4455667788',
      eraseKey: creds.eraseKey,
      trustedRoot: creds.rootCertificate,
      ...t,
    },
    p,
  );
}

async function run(
  t: Partial<SimulatedTerminalOptions> = {},
  o: Partial<EraseRunOptions> = {},
  prepare?: (terminal: SimulatedTerminal) => void,
): Promise<EraseRunResult & { terminal: SimulatedTerminal }> {
  const { port, terminal } = setup(t);
  prepare?.(terminal);
  const result = await runErase(port, { authorize: authorizer(), timeoutMs: 2000, ...o });
  expect(port.readable).toBeNull(); // the run closed the port
  return { ...result, terminal };
}

const received = (log: DeviceLogEntry[]) => log.filter((e) => e.direction === 'received');

function expectStatus(r: EraseRunResult, status: number) {
  expect(r.status).toBe(status);
  expect(r.message).toBe(ERASE_STATUS[status]);
  expect(r.message).toBe(eraseStatusMessage(status));
}

describe('runErase against the simulator', () => {
  it('erases: SN -> RN -> authorize -> soft reset -> erase', async () => {
    const steps: EraseRunStep[] = [];
    const seen: DeviceLogEntry[] = [];
    const { port, serial, terminal } = setup({}, { replyChunkBytes: 5 });
    const chosen = await requestTerminal(serial);
    expect(chosen).toBe(port);
    const r = await runErase(chosen, {
      authorize: authorizer(),
      onStep: (s) => steps.push(s),
      onLog: (e) => seen.push(e),
    });
    expectStatus(r, 0);
    expect(r.message).toBe('Success');
    expect(r.failedStep).toBeNull();
    expect(r).toMatchObject({ sn: '1234567890', esn: '4455667788', model: 'T650P' });
    expect(r.rn).toMatch(/^[0-9A-F]{16}$/);
    expect(steps).toEqual(['connect', 'sn', 'rn', 'authorize', 'reset', 'erase']);
    expect(seen).toEqual(r.log);
    expect(r.log.map((e) => [e.direction, e.step, e.code, e.label])).toEqual([
      ['sent', 'sn', null, null],
      ['received', 'sn', '620000', null],
      ['sent', 'rn', null, null],
      ['received', 'rn', '620000', null],
      ['sent', 'reset', null, null],
      ['received', 'reset', '620000', 'RESET OK'],
      ['sent', 'erase', null, null],
      ['received', 'erase', '620000', 'ERASE OK'],
    ]);
    expect(r.log[0]).toMatchObject({ hex: '10 02 01 10 03 01', checksum: 1, text: '.' });
    expect(r.log[1]!.text).toContain('620000');
    expect(r.log[1]!.text).toContain('0000001234567890');
    expect(terminal.keysAtDefault).toBe(true);
    expect(terminal.received).toEqual(['getSn', 'getRn', 'softReset', 'erase']);
    expect(port.readable).toBeNull();
    // The port can be used again.
    terminal.keysAtDefault = false;
    expectStatus(await runErase(port, { authorize: authorizer() }), 0);
  });

  it('17 Failed Initiation (Terminal Not Selected): no port chosen', async () => {
    const { serial } = setup();
    serial.userCancels = true;
    const port = await requestTerminal(serial);
    expect(port).toBeNull();
    const r = await runErase(port, { authorize: authorizer() });
    expectStatus(r, 17);
    expect(r.failedStep).toBe('connect');
    expect(await requestTerminal(undefined)).toBeNull();
  });

  it('18 Failed Initiation (Terminal Connected): the port is open already', async () => {
    const { port } = setup();
    await port.open({ baudRate: 115200, flowControl: 'hardware' });
    expectStatus(await runErase(port, { authorize: authorizer() }), 18);
    const { port: held } = setup();
    held.heldElsewhere = true;
    expectStatus(await runErase(held, { authorize: authorizer() }), 18);
  });

  it('19 SULD Mode is not enabled (Terminal Respond)', async () => {
    const r = await run({ suldMode: false });
    expectStatus(r, 19);
    expect(received(r.log)[0]).toMatchObject({ code: '670000', label: 'SN Fail' });
  });

  it('42 AUTH_CODE_ERROR: the server holds another key for the model', async () => {
    const r = await run({}, { authorize: authorizer(undefined, () => new Uint8Array(16).fill(9)) });
    expectStatus(r, 42);
    expect(r.message).toBe('AUTH_CODE_ERROR');
    expect(r.terminal.keysAtDefault).toBe(false);
    expect(received(r.log).at(-1)).toMatchObject({ code: '670000', label: 'ERASE Fail' });
  });

  it('33 CA_ERROR: signed under a root the terminal does not trust', async () => {
    const r = await run(
      {},
      {
        authorize: authorizer(
          () => other,
          () => creds.eraseKey,
        ),
      },
    );
    expectStatus(r, 33);
    expect(r.message).toBe('623912 CA_ERROR');
  });

  it('25 VERIFY_ERROR: the authorisation is for other values', async () => {
    const r = await run({}, { authorize: (sn, esn) => authorizer()(sn, esn, '0000000000000000') });
    expectStatus(r, 25);
  });

  it('21 620008: the terminal no longer holds the RN', async () => {
    const r = await run({}, {}, (t) =>
      t.injectFault({ command: 'erase', reply: { code: '620008' } }),
    );
    expectStatus(r, 21);
  });

  describe('each device error code 623901-623917 (22-38)', () => {
    for (let code = 623901; code <= 623917; code++) {
      it(`${code}`, async () => {
        const r = await run({}, {}, (t) =>
          t.injectFault({ command: 'erase', reply: { code: String(code) } }),
        );
        expectStatus(r, 22 + (code - 623901));
        expect(r.message.startsWith(String(code))).toBe(true);
        expect(received(r.log).at(-1)).toMatchObject({ code: String(code), label: 'ERASE Fail' });
      });
    }
  });

  it('device errors reported by name (39-44) and unknown 6239xx codes (45)', async () => {
    const names = [
      'PEM_READ_X509_ERROR',
      'HASH_ERROR',
      'X509_GET_RSAKEY_ERROR',
      'AUTH_CODE_ERROR',
      'OPEN_FILE_ERROR',
      'ADD_CERT_CHAIN_FAIL',
    ];
    for (const [i, reason] of names.entries()) {
      const r = await run({}, {}, (t) =>
        t.injectFault({ command: 'erase', reply: { code: '670000', reason } }),
      );
      expectStatus(r, 39 + i);
    }
    const u = await run({}, {}, (t) =>
      t.injectFault({ command: 'softReset', reply: { code: '623950' } }),
    );
    expectStatus(u, 45);
    expect(u.failedStep).toBe('reset');
  });

  // [command, fault, status]
  const stepFaults: [CommandName, TerminalReplyFault, number, string | null][] = [
    ['getSn', { code: '670000' }, 3, null],
    ['getRn', { code: '670000' }, 9, null],
    ['softReset', { code: '670000' }, 5, null],
    ['erase', { code: '670000' }, 20, null],
    ['getSn', 'silent', 12, 'No response from terminal'],
    ['getRn', 'silent', 11, 'No response from terminal'],
    ['softReset', 'silent', 14, 'No response from terminal'],
    ['erase', 'silent', 15, 'No response from terminal'],
    ['getSn', 'allZero', 3, 'Response is all zero'],
    ['getRn', 'allZero', 9, 'Response is all zero'],
    ['softReset', 'allZero', 5, 'Response is all zero'],
    ['erase', 'allZero', 8, 'Response is all zero'],
    ['getSn', 'corrupt', 3, DLE_MESSAGE],
    ['getRn', 'corrupt', 9, DLE_MESSAGE],
    ['softReset', 'badStuffing', 5, DLE_MESSAGE],
    ['erase', 'garbage', 8, DLE_MESSAGE],
    ['erase', { code: '999999' }, 46, null],
    ['getSn', { bytes: Uint8Array.of(0x10, 0x02, 0x36, 0x32) }, 3, DLE_MESSAGE], // cut-off frame
  ];
  it.each(stepFaults)(
    '%s answering %j ends with status %i',
    async (command, reply, status, message) => {
      const r = await run({}, { timeoutMs: 60 }, (t) => t.injectFault({ command, reply }));
      expectStatus(r, status);
      const last = received(r.log).at(-1)!;
      expect(last.message).toBe(message);
      expect(last.label).toMatch(/ Fail$/);
    },
  );

  it('shows the raw bytes of garbage in the log', async () => {
    const r = await run({}, {}, (t) => t.injectFault({ command: 'getRn', reply: 'garbage' }));
    expectStatus(r, 9);
    expect(received(r.log).at(-1)).toMatchObject({
      hex: '3F FF 45 52 52 0D 0A',
      text: '',
      checksum: null,
      message: DLE_MESSAGE,
      label: 'RN Fail',
    });
  });

  it('13 Serial Number is Empty and 10 Failed to Receive Valid Serial Number', async () => {
    expectStatus(await run({ sn: '' }), 13);
    expectStatus(await run({ sn: 'AB#12' }), 10);
    expectStatus(await run({ sn: '12345678901234567' }), 10);
  });

  it("server refusals keep their status; anything else is 6 Can't Erase Key", async () => {
    for (const status of [1, 2, 7, 16, 47]) {
      const r = await run(
        {},
        { authorize: () => Promise.reject(new EraseAuthorizationError(status)) },
      );
      expectStatus(r, status);
      expect(r.failedStep).toBe('authorize');
      expect(r.rn).toMatch(/^[0-9A-F]{16}$/);
    }
    expectStatus(await run({}, { authorize: () => Promise.reject(new Error('boom')) }), 6);
    expectStatus(await run({}, { authorize: () => Promise.reject({ eraseStatus: 999 }) }), 6);
    const bogus = { authCode: 'nope', signature: '', certificateChain: '' };
    const r = await run({}, { authorize: async () => bogus });
    expectStatus(r, 6);
    expect(r.terminal.received).toEqual(['getSn', 'getRn']); // nothing was sent after that
  });

  it('survives a line that breaks mid-run, and throwing listeners', async () => {
    const { port } = setup();
    const r = await runErase(port, {
      authorize: async (sn, esn, rn) => {
        port.disconnect();
        return authorizer()(sn, esn, rn);
      },
      onStep: () => {
        throw new Error('listener');
      },
      onLog: () => {
        throw new Error('listener');
      },
      timeoutMs: 100,
    });
    expectStatus(r, 14);
  });

  it('a late reply of an abandoned run does not reach the next run', async () => {
    const { port } = setup({}, { replyDelayMs: 60 });
    expectStatus(await runErase(port, { authorize: authorizer(), timeoutMs: 10 }), 12);
    const r = await runErase(port, { authorize: authorizer(), timeoutMs: 1000 });
    expectStatus(r, 0);
    expect(received(r.log).map((e) => e.code)).toEqual(['620000', '620000', '620000', '620000']);
  });

  it('noise before the first reply ends the SN step', async () => {
    const { port } = setup();
    const r = await runErase(port, {
      authorize: authorizer(),
      onStep: (s) => {
        if (s === 'sn') port.inject(Uint8Array.of(0xff, 0xfe));
      },
    });
    expectStatus(r, 3);
  });

  it('never throws on garbage from the line (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<CommandName>('getSn', 'getRn', 'softReset', 'erase'),
        fc.uint8Array({ maxLength: 80 }),
        fc.integer({ min: 1, max: 8 }),
        async (command, bytes, chunk) => {
          const { port, terminal } = setup({}, { replyChunkBytes: chunk });
          terminal.injectFault({ command, reply: { bytes } });
          const r = await runErase(port, { authorize: authorizer(), timeoutMs: 15 });
          expect(ERASE_STATUS[r.status]).toBeDefined();
          expect(r.status).not.toBe(0);
          expect(port.readable).toBeNull();
          const last = received(r.log).at(-1)!;
          expect(last.label).toMatch(/ Fail$/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
