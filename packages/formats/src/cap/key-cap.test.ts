import { textBounds } from '@tkc/contracts/forms';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyFingerprint, type UldKeySet } from '../keys/rsa-keys';
import type { CapHeaderFields } from './cap-fields';
import { readCap } from './cap-reader';
import { appFields, openssl, opensslStdin, testKeySets } from './cap-test-support';
import { buildCapBytes, buildCapOfKind } from './cap-writer';
import { buildKeyCapBytes, KEY_CAP_FILES, KEY_SET_FORMAT, readKeySet } from './key-cap';

let a: UldKeySet;
let b: UldKeySet;
beforeAll(async () => {
  [a, b] = await testKeySets();
});

const { appName: _, ...common } = appFields(4);
const keyFields = (keyName = 'Company B 2025'): CapHeaderFields => ({ ...common, keyName });
const underA = () => ({ kekPublicKey: a.kek.publicKey, signingKey: a.signing.privateKey });
const readUnderA = (cap: Uint8Array) =>
  readCap(cap, {
    signingPublicKey: a.signing.publicKey,
    kekPrivateKey: a.kek.privateKey,
    collectFiles: true,
  });

describe('Key CAP', () => {
  it("carries the new set's KEK private key and signing public key, as the manifest says (openssl)", async () => {
    const cap = await buildKeyCapBytes({
      version: 4,
      fields: keyFields(),
      newKeys: { kekPrivateKey: b.kek.privateKey, signingPublicKey: b.signing.publicKey },
      kekPublicKey: a.kek.publicKey,
      signingKey: a.signing.privateKey,
    });
    const read = await readUnderA(cap);
    expect(read.header.kind).toBe('keySet');
    expect(read.header.fields.keyName).toBe('Company B 2025');
    const files = read.files!;
    const manifest = JSON.parse(Buffer.from(files.get(KEY_CAP_FILES.manifest)!).toString());
    expect(manifest).toEqual({
      format: KEY_SET_FORMAT,
      keyName: 'Company B 2025',
      kekFingerprint: keyFingerprint(b.kek.publicKey),
      signingFingerprint: keyFingerprint(b.signing.publicKey),
    });
    const kekSpki = openssl(
      ['pkey', '-inform', 'DER', '-in', 'k.der', '-pubout', '-outform', 'DER'],
      {
        'k.der': files.get(KEY_CAP_FILES.kekPrivate)!,
      },
    );
    expect(opensslStdin(['dgst', '-sha256', '-r'], kekSpki).toString().slice(0, 64)).toBe(
      manifest.kekFingerprint,
    );
    const signingSpki = openssl(
      ['pkey', '-pubin', '-inform', 'DER', '-in', 's.der', '-outform', 'DER'],
      {
        's.der': files.get(KEY_CAP_FILES.signingPublic)!,
      },
    );
    expect(opensslStdin(['dgst', '-sha256', '-r'], signingSpki).toString().slice(0, 64)).toBe(
      manifest.signingFingerprint,
    );
    const set = readKeySet(read.header, files);
    expect(set.name).toBe('Company B 2025');
    expect(keyFingerprint(set.kekPrivateKey)).toBe(keyFingerprint(b.kek.publicKey));
    expect(keyFingerprint(set.signingPublicKey)).toBe(keyFingerprint(b.signing.publicKey));
  });

  it('the key name has 4 to 64 characters, and app names have no place in it', async () => {
    const [min, max] = textBounds.keyName;
    const write = (fields: CapHeaderFields) =>
      buildKeyCapBytes({
        version: 3,
        fields: { ...fields, version: '1.00', companyCode: undefined },
        newKeys: { kekPrivateKey: b.kek.privateKey, signingPublicKey: b.signing.publicKey },
        kekPublicKey: a.kek.publicKey,
        signingKey: a.signing.privateKey,
      });
    await expect(write(keyFields('k'.repeat(min)))).resolves.toBeTruthy();
    for (const name of ['k'.repeat(min - 1), 'k'.repeat(max + 1)]) {
      await expect(write(keyFields(name))).rejects.toThrow(
        expect.objectContaining({
          code: 'cap.field_out_of_bounds',
          params: expect.objectContaining({ field: 'keyName' }),
        }),
      );
    }
    await expect(write({ ...keyFields(), appName: 'app' })).rejects.toThrow(
      expect.objectContaining({ code: 'cap.field_unsupported' }),
    );
  });

  it('refuses key sets that do not hold together', async () => {
    const app = await readUnderA(
      await buildCapBytes({
        version: 4,
        fields: appFields(4),
        appNameLimit: 'newer',
        files: [],
        ...underA(),
      }),
    );
    expect(() => readKeySet(app.header, new Map())).toThrow(
      expect.objectContaining({ code: 'cap.key_set_invalid' }),
    );
    const good = await readUnderA(
      await buildKeyCapBytes({
        version: 4,
        fields: keyFields(),
        newKeys: { kekPrivateKey: b.kek.privateKey, signingPublicKey: b.signing.publicKey },
        ...underA(),
      }),
    );
    const withManifest = async (manifest: object | string) => {
      const files = new Map(good.files!);
      files.set(
        KEY_CAP_FILES.manifest,
        Buffer.from(typeof manifest === 'string' ? manifest : JSON.stringify(manifest)),
      );
      const { bytes } = await buildCapOfKind(
        {
          version: 4,
          fields: keyFields(),
          files: [...files].map(([name, source]) => ({ name, source })),
          ...underA(),
        },
        'keySet',
        'newer',
      );
      const read = await readUnderA(bytes);
      return () => readKeySet(read.header, read.files!);
    };
    const base = JSON.parse(Buffer.from(good.files!.get(KEY_CAP_FILES.manifest)!).toString());
    const bad = [
      'not json',
      { ...base, format: 'other/1' },
      { ...base, keyName: 'Another name' },
      { ...base, kekFingerprint: keyFingerprint(a.kek.publicKey) },
      { ...base, signingFingerprint: keyFingerprint(a.signing.publicKey) },
    ];
    for (const manifest of bad) {
      expect(await withManifest(manifest)).toThrow(
        expect.objectContaining({ code: 'cap.key_set_invalid' }),
      );
    }
    expect(await withManifest(base)).not.toThrow();
  });
});
