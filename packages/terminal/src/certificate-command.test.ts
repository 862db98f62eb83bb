import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { runLoadCap } from './cap-client';
import type { CapLoadOutcome, TerminalUld } from './cap-receiver';
import { createEraseCredentials, type EraseCredentials } from './erase-auth';
import { createFrameParser, encodeFrame } from './frame';
import { decodeReply, encodeCommand, encodeFields, REASON_NO_CERTIFICATE } from './protocol';
import { createSimulatedSetup, type SimulatedTerminal } from './simulator';

// The terminal's side of a Certificate CAP (docs/terminal-protocol.md): the end of LOAD CAP is
// answered with the chain the ULD installed, and GET CERTIFICATE (0x06) answers with the chain
// the terminal holds. The ULD here is a stand-in; the real one is tested in @tkc/formats.

let creds: EraseCredentials;
beforeAll(async () => {
  creds = await createEraseCredentials();
});

/** A ULD that takes a CAP whose bytes are 'CERT:<pem>' as a certificate, and refuses the rest. */
function certificateUld(): TerminalUld {
  let held: string | null = null;
  return {
    async loadCap(bytes): Promise<CapLoadOutcome> {
      const text = new TextDecoder().decode(bytes);
      if (!text.startsWith('CERT:')) return { ok: false, reason: 'CERTIFICATE_NOT_FOR_TERMINAL' };
      held = text.slice(5);
      return { ok: true, certificatePem: held };
    },
    revertToDefault() {},
    certificatePem: () => held,
  };
}

const setup = () =>
  createSimulatedSetup({
    model: 'T650',
    sn: 'T6000001',
    esn: '4455667788',
    eraseKey: creds.eraseKey,
    trustedRoot: creds.rootCertificate,
    uld: certificateUld(),
  });

async function ask(terminal: SimulatedTerminal, payload: Uint8Array) {
  const [command] = createFrameParser().push(encodeFrame(payload));
  const [event] = createFrameParser().push((await terminal.answer(command!))!);
  return event?.type === 'frame' ? decodeReply(event.payload) : null;
}

describe('GET CERTIFICATE and the certificate in the LOAD CAP reply', () => {
  it('property: the chain a CAP installs is the one both replies carry, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 3000 }), async (pem) => {
        const { port, terminal } = setup();
        const before = await ask(terminal, encodeCommand('getCertificate'));
        expect(before?.code).toBe('670000');
        expect(new TextDecoder().decode(before!.fields[0])).toBe(REASON_NO_CERTIFICATE);
        const result = await runLoadCap(port, new TextEncoder().encode(`CERT:${pem}`));
        expect(result).toMatchObject({ ok: true, code: '620000', certificatePem: pem });
        const after = await ask(terminal, encodeCommand('getCertificate'));
        expect(after?.code).toBe('620000');
        expect(new TextDecoder().decode(after!.fields[0])).toBe(pem);
      }),
      { numRuns: 25 },
    );
  });

  it('a refused CAP carries no certificate; GET CERTIFICATE with fields is INVALID_PARA', async () => {
    const { port, terminal } = setup();
    const refused = await runLoadCap(port, new TextEncoder().encode('APP:bytes'));
    expect(refused).toMatchObject({
      ok: false,
      reason: 'CERTIFICATE_NOT_FOR_TERMINAL',
      certificatePem: null,
    });
    const withFields = await ask(
      terminal,
      Uint8Array.of(0x06, ...encodeFields([Uint8Array.of(1)])),
    );
    expect(withFields?.code).not.toBe('620000');
    expect(terminal.received.at(-1)).toBe('getCertificate');
  });
});
