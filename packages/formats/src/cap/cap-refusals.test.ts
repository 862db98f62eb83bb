import { textBounds } from '@tkc/contracts/forms';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UldKeySet } from '../keys/rsa-keys';
import { readCapHeader } from './cap-header';
import { readCap } from './cap-reader';
import { appFields, resignBytes, testKeySets } from './cap-test-support';
import { buildCapBytes, type WriteCapOptions } from './cap-writer';

let a: UldKeySet;
let b: UldKeySet;
let capA: Uint8Array;
beforeAll(async () => {
  [a, b] = await testKeySets();
  capA = await build();
});

const options = (o: Partial<WriteCapOptions> = {}): WriteCapOptions => ({
  version: 4,
  fields: appFields(4),
  appNameLimit: 'newer',
  files: [
    { name: 'app.bin', source: Buffer.from('application bytes, some of them') },
    { name: 'conf/app.ini', source: Buffer.from('[app]\nmode=1\n') },
  ],
  kekPublicKey: a.kek.publicKey,
  signingKey: a.signing.privateKey,
  ...o,
});
const build = (o: Partial<WriteCapOptions> = {}) => buildCapBytes(options(o));
const keysA = () => ({ signingPublicKey: a.signing.publicKey, kekPrivateKey: a.kek.privateKey });
const code = (c: string, extra: object = {}) => expect.objectContaining({ code: c, ...extra });

describe('not a CAP, unsupported versions', () => {
  it.each([
    ['text', Buffer.from('hello, this is a text file\n')],
    ['a ZIP file', Buffer.from('504b0304140000000800', 'hex')],
    ['an empty file', new Uint8Array(0)],
  ])('%s is not a CAP', async (_, bytes) => {
    const notCap = code('cap.not_cap', {
      message: "It's not CAP file, please select the valid CAP file.",
    });
    await expect(readCap(bytes, keysA())).rejects.toThrow(notCap);
    if (bytes.length > 0) expect(() => readCapHeader(bytes)).toThrow(notCap);
  });

  it.each([5, 2, 0, 255])('CAP%i is not supported', async (n) => {
    const patched = Uint8Array.from(capA);
    patched[4] = n;
    const error = code('cap.version_unsupported', {
      message: `CAP${n} is not supported.`,
      params: { n },
    });
    expect(() => readCapHeader(patched.slice(0, 5))).toThrow(error);
    await expect(readCap(patched)).rejects.toThrow(error);
  });
});

describe('signature block, truncation', () => {
  it('a CAP without its signature block: Sign block not found.', async () => {
    const end = readCapHeader(capA).layout.signBlockOffset;
    const missing = code('cap.sign_block_missing', { message: 'Sign block not found.' });
    await expect(readCap(capA.slice(0, end))).rejects.toThrow(missing);
    const junk = Buffer.concat([capA.slice(0, end), Buffer.from('JUNK'.repeat(20))]);
    await expect(readCap(junk, keysA())).rejects.toThrow(missing);
  });

  it('bytes after the signature block are refused: the signature does not cover them', async () => {
    const longer = Buffer.concat([capA, Buffer.from('extra')]);
    await expect(readCap(longer, keysA())).rejects.toThrow(code('cap.malformed'));
  });

  it('a CAP cut short anywhere else is truncated', async () => {
    const { payloadOffset, signBlockOffset } = readCapHeader(capA).layout;
    for (const cut of [
      10,
      payloadOffset - 1,
      payloadOffset + 3,
      signBlockOffset + 2,
      capA.length - 1,
    ]) {
      await expect(readCap(capA.slice(0, cut), keysA())).rejects.toThrow(code('cap.truncated'));
    }
  });
});

describe('wrong company keys and damaged content', () => {
  it("refuses a CAP signed by another company's key", async () => {
    const capB = await build({ kekPublicKey: b.kek.publicKey, signingKey: b.signing.privateKey });
    await expect(readCap(capB, keysA())).rejects.toThrow(code('cap.signer_mismatch'));
  });

  it("refuses a CAP wrapped for another company's KEK", async () => {
    const cap = await build({ kekPublicKey: b.kek.publicKey });
    await expect(readCap(cap, keysA())).rejects.toThrow(code('cap.kek_mismatch'));
  });

  it('refuses a key block that does not unwrap with the KEK it names', async () => {
    const cap = Uint8Array.from(await build({ kekPublicKey: b.kek.publicKey }));
    const h = readCapHeader(cap);
    const fingerprintAt = h.layout.payloadOffset - 302 + 1;
    const fingerprintA = readCapHeader(capA).keyBlock.kekFingerprint;
    cap.set(Buffer.from(fingerprintA, 'hex'), fingerprintAt);
    const forged = await resignBytes(cap, a.signing.privateKey);
    await expect(readCap(forged, keysA())).rejects.toThrow(
      code('cap.key_unwrap_failed', {
        message:
          'The CAP key block does not unwrap with this key-encryption key (wrong company keys).',
      }),
    );
  });

  it('refuses a KCV that is not the key’s, a file digest or padding that does not match', async () => {
    const h = readCapHeader(capA);
    const kcvAt = h.layout.payloadOffset - 302 + 33;
    const badKcv = Uint8Array.from(capA);
    badKcv[kcvAt]! ^= 0x01;
    await expect(readCap(await resignBytes(badKcv, a.signing.privateKey), keysA())).rejects.toThrow(
      code('cap.kcv_mismatch'),
    );
    const badDigest = Uint8Array.from(capA);
    const digestAt = Buffer.from(capA).indexOf(Buffer.from(h.files[1]!.sha256, 'hex'));
    badDigest[digestAt]! ^= 0x80;
    await expect(
      readCap(await resignBytes(badDigest, a.signing.privateKey), keysA()),
    ).rejects.toThrow(code('cap.file_digest_mismatch', { params: { file: 'conf/app.ini' } }));
    const badPadding = Uint8Array.from(capA);
    badPadding[h.layout.signBlockOffset - 1]! ^= 0x01;
    await expect(
      readCap(await resignBytes(badPadding, a.signing.privateKey), keysA()),
    ).rejects.toThrow(code('cap.payload_mismatch'));
  });

  it('refuses a changed byte under the right keys: the signature does not verify', async () => {
    const changed = Uint8Array.from(capA);
    changed[readCapHeader(capA).layout.payloadOffset + 5]! ^= 0x04;
    await expect(readCap(changed, keysA())).rejects.toThrow(
      code('cap.signature_invalid', { message: 'The CAP signature does not verify.' }),
    );
  });
});

describe('bounds', () => {
  const fields = appFields(4);
  const cases = [
    ['title', textBounds.title],
    ['version', textBounds.cap4Version],
    ['company', textBounds.company],
    ['companyCap', textBounds.companyCap],
    ['comment', textBounds.comment],
    ['description', textBounds.description],
    ['product', textBounds.product],
    ['companyCode', textBounds.companyCode],
    ['appName', textBounds.appNameNewer],
  ] as const;

  it.each(cases)(
    '%s: one character over the maximum, or under the minimum, is refused',
    async (field, [min, max]) => {
      await expect(
        build({ fields: { ...fields, [field]: 'x'.repeat(max) } }),
      ).resolves.toBeInstanceOf(Uint8Array);
      await expect(build({ fields: { ...fields, [field]: 'é'.repeat(max + 1) } })).rejects.toThrow(
        code('cap.field_out_of_bounds', { params: { field, min, max, length: max + 1 } }),
      );
      if (min > 0) {
        await expect(
          build({ fields: { ...fields, [field]: 'x'.repeat(min - 1) } }),
        ).rejects.toThrow(
          code('cap.field_out_of_bounds', { params: { field, min, max, length: min - 1 } }),
        );
      }
    },
  );

  it('CAP3 versions have exactly 4 characters and no company code', async () => {
    const cap3 = { version: 3 as const, fields: appFields(3) };
    await expect(build({ ...cap3, fields: { ...appFields(3), version: '1.2.3' } })).rejects.toThrow(
      code('cap.field_out_of_bounds', {
        message: 'Version must have exactly 4 characters (it has 5).',
      }),
    );
    await expect(build({ ...cap3, fields: { ...appFields(3), companyCode: 'X' } })).rejects.toThrow(
      code('cap.field_unsupported', { params: { field: 'companyCode', detail: 'CAP3' } }),
    );
  });

  it('the app name limit comes from the terminal model', async () => {
    const name = 'a'.repeat(textBounds.appNameOlder[1] + 1);
    await expect(
      build({ appNameLimit: 'newer', fields: { ...fields, appName: name } }),
    ).resolves.toBeTruthy();
    await expect(
      build({ appNameLimit: 'older', fields: { ...fields, appName: name } }),
    ).rejects.toThrow(
      code('cap.field_out_of_bounds', {
        params: { field: 'appName', min: 1, max: 20, length: 21 },
      }),
    );
    await expect(build({ fields: { ...fields, keyName: 'Key set' } })).rejects.toThrow(
      code('cap.field_unsupported'),
    );
  });

  it('too many files', async () => {
    const files = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `f${i}`, source: new Uint8Array(0) }));
    await expect(
      build({ version: 3, fields: appFields(3), files: files(255) }),
    ).resolves.toBeTruthy();
    await expect(build({ version: 3, fields: appFields(3), files: files(256) })).rejects.toThrow(
      code('cap.too_many_files', { params: { n: 3, count: 256, max: 255 } }),
    );
    await expect(build({ files: files(4097) })).rejects.toThrow(
      code('cap.too_many_files', { params: { n: 4, count: 4097, max: 4096 } }),
    );
  });

  it.each([
    '../evil',
    'a/../../b',
    '/etc/passwd',
    'C:/boot.ini',
    'a\\b',
    'nul\0byte',
    '',
    'a//b',
    './a',
    'dir/',
    'x'.repeat(256),
  ])('the unsafe file name %j is refused', async (name) => {
    await expect(build({ files: [{ name, source: new Uint8Array(1) }] })).rejects.toThrow(
      code('cap.file_name_unsafe'),
    );
  });

  it('duplicate file names are refused', async () => {
    const files = [
      { name: 'same', source: new Uint8Array(1) },
      { name: 'same', source: new Uint8Array(2) },
    ];
    await expect(build({ files })).rejects.toThrow(
      code('cap.file_name_duplicate', { params: { name: 'same' } }),
    );
  });

  it('a file that changes between its two reads is refused', async () => {
    let calls = 0;
    const source = async function* () {
      calls++;
      yield Buffer.from(calls === 1 ? 'first' : 'other');
    };
    await expect(build({ files: [{ name: 'moving', source }] })).rejects.toThrow(
      code('cap.file_changed'),
    );
  });
});
