import { execFileSync } from 'node:child_process';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import {
  createTripleDes,
  desDecryptBlock,
  desEncryptBlock,
  keyCheckValue,
  tdesDecryptEcb,
  tdesEncryptEcb,
} from './des';

// Independent checks: the openssl command line (des-ede3 / des-ede-ecb, no padding) and Node's
// OpenSSL binding (node:crypto), neither of which shares code with des.ts.

const hex = (h: string) => fromHex(h)!;

function openssl(cipher: string, key: Uint8Array, data: Uint8Array, decrypt = false): Uint8Array {
  const args = ['enc', `-${cipher}`, '-K', toHex(key), '-nopad', '-nosalt'];
  if (decrypt) args.push('-d');
  return new Uint8Array(execFileSync('openssl', args, { input: data }));
}

function node(key: Uint8Array, data: Uint8Array, decrypt = false): Uint8Array {
  const name = key.length === 24 ? 'des-ede3-ecb' : 'des-ede-ecb';
  const c = decrypt ? createDecipheriv(name, key, null) : createCipheriv(name, key, null);
  c.setAutoPadding(false);
  return new Uint8Array(Buffer.concat([c.update(data), c.final()]));
}

describe('DES', () => {
  it('matches the classic FIPS worked example', () => {
    const key = hex('133457799BBCDFF1');
    expect(toHex(desEncryptBlock(key, hex('0123456789ABCDEF')))).toBe('85E813540F0AB405');
    expect(toHex(desDecryptBlock(key, hex('85E813540F0AB405')))).toBe('0123456789ABCDEF');
  });

  it('matches the NBS variable-plaintext vector', () => {
    expect(toHex(desEncryptBlock(hex('0101010101010101'), hex('8000000000000000')))).toBe(
      '95F8A5E5DD31D900',
    );
  });
});

describe('Triple-DES ECB', () => {
  it('has the well-known KCV of the test key 0123456789ABCDEF FEDCBA9876543210', () => {
    expect(toHex(keyCheckValue(hex('0123456789ABCDEFFEDCBA9876543210')))).toBe('08D7B4');
  });

  it('agrees with the openssl command line (des-ede3 and des-ede-ecb), both ways', () => {
    for (const keyBytes of [24, 16, 24, 16, 24, 16, 24, 16]) {
      const key = new Uint8Array(randomBytes(keyBytes));
      const data = new Uint8Array(randomBytes(8 * 32));
      const cipher = keyBytes === 24 ? 'des-ede3' : 'des-ede-ecb';
      const expected = openssl(cipher, key, data);
      expect(toHex(tdesEncryptEcb(key, data))).toBe(toHex(expected));
      expect(toHex(tdesDecryptEcb(key, data))).toBe(toHex(openssl(cipher, key, data, true)));
      // KCV: encrypt a zero block with openssl, take 3 bytes.
      expect(toHex(keyCheckValue(key))).toBe(
        toHex(openssl(cipher, key, new Uint8Array(8)).slice(0, 3)),
      );
    }
  });

  it('agrees with node:crypto on random keys and blocks (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ minLength: 16, maxLength: 16 }),
          fc.uint8Array({ minLength: 24, maxLength: 24 }),
        ),
        fc.uint8Array({ minLength: 8, maxLength: 8 }),
        (key, block) => {
          const c = createTripleDes(key);
          const enc = c.encryptBlock(block);
          expect(toHex(enc)).toBe(toHex(node(key, block)));
          expect(toHex(c.decryptBlock(block))).toBe(toHex(node(key, block, true)));
          expect(c.decryptBlock(enc)).toEqual(block);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ignores parity bits, as DES does', () => {
    const key = hex('0123456789ABCDEFFEDCBA9876543210');
    const flipped = key.map((b) => b ^ 1);
    expect(keyCheckValue(flipped)).toEqual(keyCheckValue(key));
  });

  it('rejects bad key and block lengths', () => {
    expect(() => createTripleDes(new Uint8Array(8))).toThrow(RangeError);
    expect(() => createTripleDes(new Uint8Array(16)).encryptBlock(new Uint8Array(7))).toThrow(
      RangeError,
    );
    expect(() => tdesEncryptEcb(new Uint8Array(16), new Uint8Array(9))).toThrow(RangeError);
  });
});
