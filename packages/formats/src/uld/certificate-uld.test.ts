import { X509Certificate } from 'node:crypto';
import { runLoadCap } from '@tkc/terminal/cap-client';
import { createEraseCredentials, type EraseCredentials } from '@tkc/terminal/erase-auth';
import { createFrameParser, encodeFrame } from '@tkc/terminal/frame';
import { decodeReply, encodeCommand } from '@tkc/terminal/protocol';
import { createSimulatedSetup } from '@tkc/terminal/simulator';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testKeySets } from '../cap/cap-test-support';
import {
  testCertificateCap,
  testCompanyCa,
  testTerminals,
} from '../cap/certificate-cap-test-support';
import type { UldKeySet } from '../keys/rsa-keys';
import type { Issuer } from '../x509/terminal-ca';
import { createSoftwareUld } from './software-uld';

// A terminal takes a Certificate CAP made for its serial number under its company's User keys
// and answers with the new certificate (docs/formats/cap.md "Certificate CAP", docs/terminal-
// protocol.md); it refuses one for another serial number, another company, or a chain that
// does not lead to the root it trusts. (Wires @tkc/terminal and @tkc/formats as an app does.)

let a: UldKeySet; // the terminal's company (its User keys)
let b: UldKeySet; // another company
let creds: EraseCredentials;
let ca: Issuer;
beforeAll(async () => {
  [a, b] = await testKeySets();
  creds = await createEraseCredentials();
  ca = await testCompanyCa({
    certificate: creds.rootCertificate,
    privateKey: creds.rootKeys.privateKey,
  });
});

function terminalWith(sn: string) {
  const uld = createSoftwareUld({
    manufacturer: b,
    userDefault: a,
    sn,
    trustedRoot: creds.rootCertificate,
  });
  const setup = createSimulatedSetup({
    model: 'T650',
    sn,
    esn: '4455667788',
    eraseKey: creds.eraseKey,
    trustedRoot: creds.rootCertificate,
    uld,
  });
  return { ...setup, uld };
}

/** GET CERTIFICATE through the simulator: the chain it answers, or its refusal. */
async function askCertificate(terminal: ReturnType<typeof terminalWith>['terminal']) {
  const [command] = createFrameParser().push(encodeFrame(encodeCommand('getCertificate')));
  const [event] = createFrameParser().push((await terminal.answer(command!))!);
  const reply = event?.type === 'frame' ? decodeReply(event.payload) : null;
  return {
    code: reply?.code,
    text: reply?.fields[0] ? Buffer.from(reply.fields[0]).toString() : '',
  };
}

const snArb = fc.stringMatching(/^[A-Z0-9]{4,32}$/);

describe('terminal simulator and Certificate CAPs', () => {
  it('property: accepted exactly when the CAP names its SN and is under its keys; answers with the chain', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(snArb, { minLength: 1, maxLength: 4 }),
        snArb,
        fc.boolean(),
        fc.boolean(),
        async (sns, otherSn, isListed, isOwnCompany) => {
          const sn = isListed ? sns[0]! : otherSn;
          fc.pre(isListed || !sns.includes(otherSn));
          const terminals = await testTerminals(ca, sns);
          const keys = isOwnCompany ? a : b;
          const cap = await testCertificateCap(terminals, keys, keys);
          const { port, terminal, uld } = terminalWith(sn);
          const result = await runLoadCap(port, cap);
          if (isListed && isOwnCompany) {
            expect(result).toMatchObject({ ok: true, code: '620000' });
            expect(result.certificatePem).toBe(terminals[0]!.chainPem);
            expect(uld.certificate()?.chainPem).toBe(terminals[0]!.chainPem);
            expect(await askCertificate(terminal)).toEqual({
              code: '620000',
              text: terminals[0]!.chainPem,
            });
          } else {
            expect(result.ok).toBe(false);
            expect(result.code).toBe('670000');
            expect(result.reason).toBe(
              isOwnCompany ? 'CERTIFICATE_NOT_FOR_TERMINAL' : 'SIGNER_NOT_USER_KEY',
            );
            expect(result.certificatePem).toBeNull();
            expect(uld.certificate()).toBeNull();
            expect(await askCertificate(terminal)).toEqual({
              code: '670000',
              text: 'NO_CERTIFICATE',
            });
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('refuses a certificate that names another terminal, or a CA the trusted root did not sign', async () => {
    const { port } = terminalWith('T6000001');
    const misnamed = await testTerminals(ca, ['T6000001'], () => 'T6000009');
    expect(await runLoadCap(port, await testCertificateCap(misnamed, a))).toMatchObject({
      ok: false,
      reason: 'CERTIFICATE_CHAIN_INVALID',
    });
    const strangers = await createEraseCredentials({ rootName: 'Another Root' });
    const strangeCa = await testCompanyCa({
      certificate: strangers.rootCertificate,
      privateKey: strangers.rootKeys.privateKey,
    });
    const foreign = await testTerminals(strangeCa, ['T6000001']);
    expect(await runLoadCap(port, await testCertificateCap(foreign, a))).toMatchObject({
      ok: false,
      reason: 'CERTIFICATE_CHAIN_INVALID',
    });
  });

  it('takes its own entry from a group CAP and a newer certificate replaces the old', async () => {
    const { port, uld } = terminalWith('T6000002');
    const first = await testTerminals(ca, ['T6000001', 'T6000002', 'T6000003']);
    const group = { name: 'Group of three', selection: 'list' as const, count: 3 };
    expect((await runLoadCap(port, await testCertificateCap(first, a, a, group))).ok).toBe(true);
    expect(uld.certificatePem()).toBe(first[1]!.chainPem);
    const second = await testTerminals(ca, ['T6000002']);
    const result = await runLoadCap(port, await testCertificateCap(second, a));
    expect(result.certificatePem).toBe(second[0]!.chainPem);
    expect(uld.certificate()!.serial).toBe(
      new X509Certificate(second[0]!.chainPem).serialNumber.toLowerCase(),
    );
    expect(uld.certificatePem()).toBe(second[0]!.chainPem);
  });
});
