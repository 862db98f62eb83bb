import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UldKeySet } from '../keys/rsa-keys';
import { resignCap } from './cap-resign';
import {
  appFields,
  openssl,
  opensslStdin,
  opensslUnwrapOaep,
  opensslVerify,
  testKeySets,
} from './cap-test-support';
import { buildCapBytes } from './cap-writer';

// Every CAP is checked with the openssl command line, the parts cut out by the offsets of
// docs/formats/cap.md (plain slicing here, none of the package's readers).

let a: UldKeySet;
let b: UldKeySet;
beforeAll(async () => {
  [a, b] = await testKeySets();
});

const pem = (k: UldKeySet['kek']['publicKey']) =>
  k.type === 'public'
    ? k.export({ type: 'spki', format: 'pem' }).toString()
    : k.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The documented offsets: preamble, header section, payload, key block (302 bytes with an RSA-2048 KEK), sign block. */
function slices(cap: Uint8Array) {
  const view = new DataView(cap.buffer, cap.byteOffset, cap.byteLength);
  const h = view.getUint32(8);
  const p = Number(view.getBigUint64(12));
  const headerEnd = 20 + h;
  const k = headerEnd - 302;
  const s = headerEnd + p;
  const sigLength = view.getUint16(s + 37);
  return {
    signed: cap.slice(0, s),
    signature: cap.slice(s + 39, s + 39 + sigLength),
    signerFingerprint: cap.slice(s + 5, s + 37),
    end: s + 39 + sigLength,
    kekFingerprint: cap.slice(k + 1, k + 33),
    kcv: Buffer.from(cap.slice(k + 33, k + 36)).toString('hex'),
    iv: Buffer.from(cap.slice(k + 36, k + 44)).toString('hex'),
    wrappedLength: view.getUint16(k + 44),
    wrapped: cap.slice(k + 46, headerEnd),
    payload: cap.slice(headerEnd, s),
  };
}

const spkiSha256 = (publicPem: string) =>
  opensslStdin(
    ['dgst', '-sha256', '-binary'],
    openssl(['pkey', '-pubin', '-in', 'pub.pem', '-outform', 'DER'], { 'pub.pem': publicPem }),
  );

describe.each([3, 4] as const)('CAP%i checked with openssl', (version) => {
  const files = [
    { name: 'bin/app.bin', source: randomBytes(70_001) },
    { name: 'empty.cfg', source: new Uint8Array(0) },
    { name: 'res/logo.txt', source: Buffer.from('logo\n') },
  ];

  it('signature, key block, KCV, payload and fingerprints', async () => {
    const cap = await buildCapBytes({
      version,
      fields: appFields(version),
      appNameLimit: 'newer',
      files,
      kekPublicKey: a.kek.publicKey,
      signingKey: a.signing.privateKey,
    });
    const s = slices(cap);
    expect(s.end).toBe(cap.length);

    const verified = opensslVerify(pem(a.signing.publicKey), s.signature, s.signed);
    expect(verified).toBe('Verified OK\n');
    expect(Buffer.from(s.signerFingerprint)).toEqual(spkiSha256(pem(a.signing.publicKey)));
    expect(Buffer.from(s.kekFingerprint)).toEqual(spkiSha256(pem(a.kek.publicKey)));

    expect(s.wrappedLength).toBe(256);
    const key = opensslUnwrapOaep(pem(a.kek.privateKey), s.wrapped);
    expect(key.length).toBe(24);
    const keyHex = key.toString('hex');
    const zeroBlock = openssl(['enc', '-des-ede3', '-nopad', '-K', keyHex, '-in', 'zero.bin'], {
      'zero.bin': new Uint8Array(8),
    });
    expect(zeroBlock.subarray(0, 3).toString('hex')).toBe(s.kcv);

    const plain = openssl(
      ['enc', '-d', '-des-ede3-cbc', '-K', keyHex, '-iv', s.iv, '-in', 'payload.bin'],
      { 'payload.bin': s.payload },
    );
    expect(plain).toEqual(Buffer.concat(files.map((f) => f.source)));

    // The other company's KEK cannot unwrap it, and its key cannot verify the signature.
    expect(() =>
      openssl(
        [
          'pkeyutl',
          '-decrypt',
          '-inkey',
          'kek.pem',
          '-in',
          'wrapped.bin',
          '-pkeyopt',
          'rsa_padding_mode:oaep',
        ],
        { 'kek.pem': pem(b.kek.privateKey), 'wrapped.bin': s.wrapped },
      ),
    ).toThrow();
    expect(() =>
      openssl(['dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig.bin', 'signed.bin'], {
        'pub.pem': pem(b.signing.publicKey),
        'sig.bin': s.signature,
        'signed.bin': s.signed,
      }),
    ).toThrow();
  });

  it('a re-signed CAP verifies under the new key only, its signed part unchanged', async () => {
    const cap = await buildCapBytes({
      version,
      fields: appFields(version),
      appNameLimit: 'newer',
      files,
      kekPublicKey: a.kek.publicKey,
      signingKey: b.signing.privateKey,
    });
    const chunks: Buffer[] = [];
    const { Writable } = await import('node:stream');
    const sink = new Writable({
      write(chunk, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    await resignCap(cap, sink, a.signing.privateKey);
    const resigned = new Uint8Array(Buffer.concat(chunks));
    const before = slices(cap);
    const after = slices(resigned);
    expect(Buffer.from(after.signed)).toEqual(Buffer.from(before.signed));
    expect(Buffer.from(after.signerFingerprint)).toEqual(spkiSha256(pem(a.signing.publicKey)));
    const check = (key: string) =>
      openssl(['dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig.bin', 'signed.bin'], {
        'pub.pem': key,
        'sig.bin': after.signature,
        'signed.bin': after.signed,
      }).toString();
    expect(check(pem(a.signing.publicKey))).toBe('Verified OK\n');
    expect(() => check(pem(b.signing.publicKey))).toThrow();
  });
});
