import { beforeAll, describe, expect, it } from 'vitest';
import { readCapHeader } from '../cap/cap-header';
import { appFields, testKeySets } from '../cap/cap-test-support';
import { buildCapBytes, buildCapOfKind } from '../cap/cap-writer';
import { buildKeyCapBytes, KEY_CAP_FILES } from '../cap/key-cap';
import { generateUldKeySet, keyFingerprint, type UldKeySet } from '../keys/rsa-keys';
import { createSoftwareUld } from './software-uld';

let a: UldKeySet; // the terminal's factory-default User keys
let b: UldKeySet; // another company's
let c: UldKeySet; // the set a Key CAP brings
let m: UldKeySet; // the Manufacturer set
beforeAll(async () => {
  [a, b, c] = await testKeySets();
  m = await generateUldKeySet('Manufacturer');
});

const uld = () => createSoftwareUld({ manufacturer: m, userDefault: a });
const appCap = (kek: UldKeySet, signer: UldKeySet = kek, name = 'app.bin') =>
  buildCapBytes({
    version: 4,
    fields: appFields(4),
    appNameLimit: 'newer',
    files: [{ name, source: Buffer.from(`made by ${signer.name}`) }],
    kekPublicKey: kek.kek.publicKey,
    signingKey: signer.signing.privateKey,
  });
const { appName: _, ...common } = appFields(3);
const keyCap = (under: UldKeySet, next: UldKeySet) =>
  buildKeyCapBytes({
    version: 3,
    fields: { ...common, keyName: next.name },
    newKeys: { kekPrivateKey: next.kek.privateKey, signingPublicKey: next.signing.publicKey },
    kekPublicKey: under.kek.publicKey,
    signingKey: under.signing.privateKey,
  });

describe('software ULD', () => {
  it('accepts a CAP made under its User keys and installs its files', async () => {
    const u = uld();
    expect(await u.loadCap(await appCap(a))).toEqual({
      ok: true,
      kind: 'application',
      keysChanged: false,
      files: ['app.bin'],
    });
    expect(Buffer.from(u.installed.get('app.bin')!).toString()).toBe('made by Company A keys');
  });

  it("refuses another company's CAP, and names why", async () => {
    const u = uld();
    expect(await u.loadCap(await appCap(b))).toMatchObject({
      ok: false,
      reason: 'SIGNER_NOT_USER_KEY',
    });
    expect(await u.loadCap(await appCap(b, a))).toMatchObject({
      ok: false,
      reason: 'KEK_NOT_USER_KEY',
    });
    expect(await u.loadCap(await appCap(m))).toMatchObject({
      ok: false,
      reason: 'SIGNER_NOT_USER_KEY',
    });
    expect(u.installed.size).toBe(0);
  });

  it('refuses what is no good CAP', async () => {
    const u = uld();
    const good = await appCap(a);
    const cap5 = Uint8Array.from(good);
    cap5[4] = 5;
    const changed = Uint8Array.from(good);
    changed[readCapHeader(good).layout.payloadOffset]! ^= 1;
    const cases: [Uint8Array, string][] = [
      [Buffer.from('not a cap at all'), 'NOT_CAP'],
      [cap5, 'CAP_VERSION_UNSUPPORTED'],
      [good.slice(0, readCapHeader(good).layout.signBlockOffset), 'SIGN_BLOCK_MISSING'],
      [good.slice(0, 100), 'CAP_TRUNCATED'],
      [changed, 'SIGNATURE_INVALID'],
    ];
    for (const [bytes, reason] of cases)
      expect(await u.loadCap(bytes)).toMatchObject({ ok: false, reason });
  });

  it('takes a Key CAP made under its current keys; then only CAPs of the new keys; revert returns to the default', async () => {
    const u = uld();
    expect(u.userKeys().signingFingerprint).toBe(keyFingerprint(a.signing.publicKey));
    expect(await u.loadCap(await keyCap(b, c))).toMatchObject({
      ok: false,
      reason: 'SIGNER_NOT_USER_KEY',
    });
    expect(await u.loadCap(await keyCap(a, c))).toEqual({
      ok: true,
      kind: 'keySet',
      keysChanged: true,
      files: [],
    });
    expect(u.userKeys()).toEqual({
      name: c.name,
      kekFingerprint: keyFingerprint(c.kek.publicKey),
      signingFingerprint: keyFingerprint(c.signing.publicKey),
    });
    expect(await u.loadCap(await appCap(a))).toMatchObject({
      ok: false,
      reason: 'SIGNER_NOT_USER_KEY',
    });
    expect(await u.loadCap(await keyCap(a, b))).toMatchObject({ ok: false });
    expect(await u.loadCap(await appCap(c))).toMatchObject({ ok: true });
    u.revertToDefault();
    expect(u.userKeys().name).toBe(a.name);
    expect(await u.loadCap(await appCap(c))).toMatchObject({
      ok: false,
      reason: 'SIGNER_NOT_USER_KEY',
    });
    expect(await u.loadCap(await appCap(a))).toMatchObject({ ok: true });
    expect(u.manufacturerKeys().kekFingerprint).toBe(keyFingerprint(m.kek.publicKey));
  });

  it('keeps its keys when a Key CAP holds no valid key set', async () => {
    const u = uld();
    const { bytes } = await buildCapOfKind(
      {
        version: 4,
        fields: { ...appFields(4), appName: undefined, keyName: 'Broken set' },
        files: [{ name: KEY_CAP_FILES.manifest, source: Buffer.from('{}') }],
        kekPublicKey: a.kek.publicKey,
        signingKey: a.signing.privateKey,
      },
      'keySet',
      'newer',
    );
    expect(await u.loadCap(bytes)).toMatchObject({
      ok: false,
      reason: 'KEY_SET_INVALID',
      code: 'cap.key_set_invalid',
    });
    expect(u.userKeys().name).toBe(a.name);
  });
});
