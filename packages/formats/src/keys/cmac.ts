import { createCipheriv, createDecipheriv } from 'node:crypto';
import { tdesKey24 } from './triple-des';

// CMAC over Triple-DES (64-bit block) or AES (128-bit block): the MAC and the
// key derivation of TR-31 key blocks. CBC here never pads: callers pass whole blocks.

export type BlockCipherName = 'tdes' | 'aes';

export const blockBytes = (cipher: BlockCipherName): 8 | 16 => (cipher === 'tdes' ? 8 : 16);

function cbcName(cipher: BlockCipherName, key: Uint8Array): string {
  if (cipher === 'tdes') return 'des-ede3-cbc';
  if (key.length !== 16 && key.length !== 24 && key.length !== 32) {
    throw new RangeError(`an AES key has 16, 24 or 32 bytes, not ${key.length}`);
  }
  return `aes-${key.length * 8}-cbc`;
}

const cipherKey = (cipher: BlockCipherName, key: Uint8Array): Buffer =>
  cipher === 'tdes' ? tdesKey24(key) : Buffer.from(key);

/** CBC encryption or decryption of whole blocks, without padding. */
export function cbc(
  cipher: BlockCipherName,
  key: Uint8Array,
  iv: Uint8Array,
  data: Uint8Array,
  direction: 'encrypt' | 'decrypt',
): Buffer {
  const make = direction === 'encrypt' ? createCipheriv : createDecipheriv;
  const c = make(cbcName(cipher, key), cipherKey(cipher, key), iv);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(data), c.final()]);
}

/** Doubling in GF(2^n): shift left one bit, and reduce by Rb when the top bit fell out. */
function double(block: Uint8Array): Uint8Array {
  const out = new Uint8Array(block.length);
  let carry = 0;
  for (let i = block.length - 1; i >= 0; i--) {
    out[i] = ((block[i]! << 1) | carry) & 0xff;
    carry = block[i]! >> 7;
  }
  if (carry) out[out.length - 1]! ^= block.length === 8 ? 0x1b : 0x87;
  return out;
}

/** The CMAC of `data` under `key` (a full block: 8 bytes for Triple-DES, 16 for AES). */
export function cmac(cipher: BlockCipherName, key: Uint8Array, data: Uint8Array): Buffer {
  const n = blockBytes(cipher);
  const zero = new Uint8Array(n);
  const k1 = double(cbc(cipher, key, zero, zero, 'encrypt'));
  const k2 = double(k1);
  const blocks = Math.max(1, Math.ceil(data.length / n));
  const complete = data.length > 0 && data.length % n === 0;
  const message = new Uint8Array(blocks * n);
  message.set(data);
  if (!complete) message[data.length] = 0x80;
  const last = (blocks - 1) * n;
  const sub = complete ? k1 : k2;
  for (let i = 0; i < n; i++) message[last + i]! ^= sub[i]!;
  return cbc(cipher, key, zero, message, 'encrypt').subarray(last);
}
