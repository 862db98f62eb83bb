import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opensslStdin } from '../cap/cap-test-support';
import { generateTripleDesKey, hasOddParity, kcv, withOddParity } from './triple-des';

/** The KCV as the openssl command line computes it: 3DES-ECB of 8 zero bytes, first 3 bytes. */
const opensslKcv = (key: Uint8Array) =>
  opensslStdin(
    [
      'enc',
      key.length === 24 ? '-des-ede3' : '-des-ede',
      '-nopad',
      '-K',
      Buffer.from(key).toString('hex'),
    ],
    new Uint8Array(8),
  )
    .subarray(0, 3)
    .toString('hex')
    .toUpperCase();

describe('kcv', () => {
  it('matches the published check values', () => {
    // Published check values: docs/terminal-protocol.md section 6, docs/formats/cap.md section 7.
    expect(kcv(Buffer.from('0123456789ABCDEFFEDCBA9876543210', 'hex'))).toBe('08D7B4');
    expect(kcv(Buffer.from('3F419E1CB7079442AA37474C2EFBF8B8', 'hex'))).toBe('57C409');
    expect(kcv(Buffer.from('E8BC63E5479455E26577F715D587FE68', 'hex'))).toBe('9A4212');
  });

  it('equals openssl enc over a zero block for 2- and 3-key keys', () => {
    for (const length of [16, 24, 16, 24, 24, 16]) {
      const key = randomBytes(length);
      expect(kcv(key)).toBe(opensslKcv(key));
    }
    expect(kcv(generateTripleDesKey())).toMatch(/^[0-9A-F]{6}$/);
  });

  it('refuses keys that are not 16 or 24 bytes', () => {
    for (const length of [0, 8, 15, 17, 23, 25, 32])
      expect(() => kcv(new Uint8Array(length))).toThrow(RangeError);
  });
});

describe('Triple-DES keys', () => {
  it('generates odd-parity keys of distinct DES parts, fresh each time', () => {
    const k24 = generateTripleDesKey();
    const k16 = generateTripleDesKey(16);
    expect([k24.length, k16.length]).toEqual([24, 16]);
    expect(hasOddParity(k24) && hasOddParity(k16)).toBe(true);
    const parts = [0, 8, 16].map((at) => Buffer.from(k24.subarray(at, at + 8)).toString('hex'));
    expect(new Set(parts).size).toBe(3);
    expect(Buffer.from(generateTripleDesKey()).equals(Buffer.from(k24))).toBe(false);
  });

  it('withOddParity fixes only the parity bit of each byte (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 32 }), (bytes) => {
        const fixed = withOddParity(bytes);
        expect(hasOddParity(fixed)).toBe(true);
        expect(fixed.map((b) => b & 0xfe)).toEqual(bytes.map((b) => b & 0xfe));
        expect(hasOddParity(bytes)).toBe(Buffer.from(fixed).equals(Buffer.from(bytes)));
      }),
    );
  });

  it('parity does not change the key check value (DES ignores the parity bits)', () => {
    const key = randomBytes(24);
    expect(kcv(withOddParity(key))).toBe(kcv(key));
  });
});
