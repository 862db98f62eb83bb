import { runLoadCap } from '@tkc/terminal/cap-client';
import {
  buildEraseAuthorization,
  createEraseCredentials,
  type EraseCredentials,
} from '@tkc/terminal/erase-auth';
import { runErase } from '@tkc/terminal/erase-client';
import { createSimulatedSetup } from '@tkc/terminal/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { appFields, testKeySets } from '../cap/cap-test-support';
import { buildCapBytes } from '../cap/cap-writer';
import { buildKeyCapBytes } from '../cap/key-cap';
import type { UldKeySet } from '../keys/rsa-keys';
import { createSoftwareUld } from './software-uld';

// The simulated terminal with this package's software ULD injected, driven over the serial
// protocol: LOAD CAP and Key Erase as the console sends them. (This test wires the two packages
// together the way an app does; neither package's code imports the other.)

let a: UldKeySet;
let b: UldKeySet;
let c: UldKeySet;
let creds: EraseCredentials;
beforeAll(async () => {
  [a, b, c] = await testKeySets();
  creds = await createEraseCredentials();
});

const appCap = (keys: UldKeySet) =>
  buildCapBytes({
    version: 4,
    fields: appFields(4),
    appNameLimit: 'newer',
    files: [{ name: 'app.bin', source: new Uint8Array(40_000).fill(7) }],
    kekPublicKey: keys.kek.publicKey,
    signingKey: keys.signing.privateKey,
  });

describe('simulated terminal with the software ULD', () => {
  it('accepts its company CAPs, takes a Key CAP, and is back on the defaults after Key Erase', async () => {
    const uld = createSoftwareUld({ manufacturer: b, userDefault: a });
    const { port, terminal } = createSimulatedSetup({
      model: 'T650P',
      sn: '1234567890',
      esn: '4455667788',
      eraseKey: creds.eraseKey,
      trustedRoot: creds.rootCertificate,
      uld,
    });
    const load = async (cap: Uint8Array) => {
      const r = await runLoadCap(port, cap);
      return r.ok ? 'accepted' : `${r.code} ${r.reason}`;
    };

    expect(await load(await appCap(a))).toBe('accepted');
    expect(await load(await appCap(b))).toBe('670000 SIGNER_NOT_USER_KEY');

    const { appName: _, ...common } = appFields(4);
    const keyCap = await buildKeyCapBytes({
      version: 4,
      fields: { ...common, keyName: 'Company C keys' },
      newKeys: { kekPrivateKey: c.kek.privateKey, signingPublicKey: c.signing.publicKey },
      kekPublicKey: a.kek.publicKey,
      signingKey: a.signing.privateKey,
    });
    expect(await load(keyCap)).toBe('accepted');
    expect(terminal.keysAtDefault).toBe(false);
    expect(await load(await appCap(a))).toBe('670000 SIGNER_NOT_USER_KEY');
    expect(await load(await appCap(c))).toBe('accepted');

    const erase = await runErase(port, {
      authorize: (sn, esn, rn) =>
        buildEraseAuthorization({
          sn,
          esn,
          rn,
          eraseKey: creds.eraseKey,
          signingKey: creds.signingKeys.privateKey,
          certificateChain: creds.certificateChain,
        }),
    });
    expect(erase.status).toBe(0);
    expect(terminal.keysAtDefault).toBe(true);
    expect(uld.userKeys().name).toBe('Company A keys');
    expect(await load(await appCap(c))).toBe('670000 SIGNER_NOT_USER_KEY');
    expect(await load(await appCap(a))).toBe('accepted');
    expect(terminal.capLoads.map((o) => o.ok)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
  });
});
