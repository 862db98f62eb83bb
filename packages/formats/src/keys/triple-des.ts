import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Triple-DES helpers on node:crypto (OpenSSL's des-ede3). A 16-byte (2-key) key runs as the
// 24-byte key K1 K2 K1, which is what every 2-key Triple-DES implementation means.

const TDES_BLOCK_BYTES = 8;

function assertTdesKey(key: Uint8Array): void {
  if (key.length !== 16 && key.length !== 24) {
    throw new RangeError(`a Triple-DES key has 16 or 24 bytes, not ${key.length}`);
  }
}

/** The 24-byte form of a 2- or 3-key Triple-DES key (K1 K2 K1 for a 2-key key). */
export function tdesKey24(key: Uint8Array): Buffer {
  assertTdesKey(key);
  const k = Buffer.from(key);
  return k.length === 24 ? k : Buffer.concat([k, k.subarray(0, 8)]);
}

/** Triple-DES ECB without padding; `data` must be whole 8-byte blocks. */
function tdesEcb(key: Uint8Array, data: Uint8Array, direction: 'encrypt' | 'decrypt'): Buffer {
  const make = direction === 'encrypt' ? createCipheriv : createDecipheriv;
  const c = make('des-ede3-ecb', tdesKey24(key), null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(data), c.final()]);
}

/**
 * The key check value: the first 3 bytes of the key encrypting an all-zero block with
 * Triple-DES ECB, as 6 uppercase hex digits. Throws RangeError unless the key has 16 or 24 bytes.
 */
export function kcv(key: Uint8Array): string {
  return tdesEcb(key, new Uint8Array(TDES_BLOCK_BYTES), 'encrypt')
    .subarray(0, 3)
    .toString('hex')
    .toUpperCase();
}

const hasOddBits = (b: number): boolean => {
  let x = b;
  x ^= x >> 4;
  x ^= x >> 2;
  x ^= x >> 1;
  return (x & 1) === 1;
};

/** A copy of the key in which every byte has odd parity (its lowest bit adjusted). */
export function withOddParity(key: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(key);
  for (let i = 0; i < out.length; i++) if (!hasOddBits(out[i]!)) out[i]! ^= 1;
  return out;
}

/** True when every byte of the key has an odd number of set bits (DES key parity). */
export const hasOddParity = (key: Uint8Array): boolean => key.every(hasOddBits);

/**
 * A fresh random Triple-DES key with odd parity: 3-key (24 bytes) unless told 16. Its three
 * (or two) DES keys are distinct, so it never degrades to single DES.
 */
export function generateTripleDesKey(length: 16 | 24 = 24): Uint8Array<ArrayBuffer> {
  assertTdesKey(new Uint8Array(length));
  for (;;) {
    const key = withOddParity(randomBytes(length));
    const parts = [];
    for (let at = 0; at < length; at += 8)
      parts.push(Buffer.from(key.subarray(at, at + 8)).toString('hex'));
    if (new Set(parts).size === parts.length) return key;
  }
}
