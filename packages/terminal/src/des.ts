// DES and Triple-DES (EDE) in ECB mode, in plain TypeScript so it runs in the browser as well as in
// Node (WebCrypto has no DES). FIPS 46-3 tables; bit 1 is the most significant bit of byte 0.
// Key parity bits are ignored, as usual. For key material only (docs/terminal-protocol.md), never bulk data.

// biome-ignore format: permutation tables read best as rows
const IP = [
  58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
  62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
  57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3,
  61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
];
// biome-ignore format: permutation table
const FP = [
  40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31,
  38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21, 61, 29,
  36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27,
  34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9, 49, 17, 57, 25,
];
// biome-ignore format: permutation table
const E = [
  32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11,
  12, 13, 12, 13, 14, 15, 16, 17, 16, 17, 18, 19, 20, 21, 20, 21,
  22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
];
// biome-ignore format: permutation table
const P = [
  16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
  2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
];
// biome-ignore format: permutation table
const PC1 = [
  57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
  10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
  63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
  14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
];
// biome-ignore format: permutation table
const PC2 = [
  14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10,
  23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
  41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48,
  44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
];
const SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
// biome-ignore format: S-boxes, 4 rows of 16 each
const S = [
  [
    14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7,
    0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
    4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0,
    15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13,
  ],
  [
    15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10,
    3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
    0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15,
    13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9,
  ],
  [
    10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8,
    13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
    13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7,
    1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12,
  ],
  [
    7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15,
    13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
    10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4,
    3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14,
  ],
  [
    2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9,
    14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
    4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14,
    11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3,
  ],
  [
    12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11,
    10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
    9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6,
    4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13,
  ],
  [
    4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1,
    13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
    1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2,
    6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12,
  ],
  [
    13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7,
    1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
    7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8,
    2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11,
  ],
] as const;

/** DES block size in bytes. */
const DES_BLOCK_BYTES = 8;

type Bits = Uint8Array<ArrayBuffer>; // one 0/1 value per element

function toBits(bytes: Uint8Array): Bits {
  const bits = new Uint8Array(bytes.length * 8);
  for (let i = 0; i < bits.length; i++) bits[i] = (bytes[i >> 3]! >> (7 - (i & 7))) & 1;
  return bits;
}

function fromBits(bits: Bits): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(bits.length / 8);
  for (let i = 0; i < bits.length; i++) bytes[i >> 3]! |= bits[i]! << (7 - (i & 7));
  return bytes;
}

/** out[i] = input[table[i] - 1] (the tables are 1-based). */
function permute(input: Bits, table: readonly number[]): Bits {
  const out = new Uint8Array(table.length);
  for (let i = 0; i < table.length; i++) out[i] = input[table[i]! - 1]!;
  return out;
}

function rotateLeft(half: Bits, n: number): Bits {
  const out = new Uint8Array(half.length);
  for (let i = 0; i < half.length; i++) out[i] = half[(i + n) % half.length]!;
  return out;
}

/** The 16 round keys (48 bits each) of an 8-byte DES key. */
function subkeys(key: Uint8Array): Bits[] {
  const cd = permute(toBits(key), PC1);
  let c = cd.slice(0, 28);
  let d = cd.slice(28);
  const keys: Bits[] = [];
  for (const shift of SHIFTS) {
    c = rotateLeft(c, shift);
    d = rotateLeft(d, shift);
    const joined = new Uint8Array(56);
    joined.set(c, 0);
    joined.set(d, 28);
    keys.push(permute(joined, PC2));
  }
  return keys;
}

function feistel(r: Bits, k: Bits): Bits {
  const x = permute(r, E);
  for (let i = 0; i < 48; i++) x[i]! ^= k[i]!;
  const s = new Uint8Array(32);
  for (let box = 0; box < 8; box++) {
    const o = box * 6;
    const row = (x[o]! << 1) | x[o + 5]!;
    const col = (x[o + 1]! << 3) | (x[o + 2]! << 2) | (x[o + 3]! << 1) | x[o + 4]!;
    const v = S[box]![row * 16 + col]!;
    for (let j = 0; j < 4; j++) s[box * 4 + j] = (v >> (3 - j)) & 1;
  }
  return permute(s, P);
}

function desBlock(
  block: Uint8Array,
  keys: readonly Bits[],
  decrypt: boolean,
): Uint8Array<ArrayBuffer> {
  const bits = permute(toBits(block), IP);
  let l = bits.slice(0, 32);
  let r = bits.slice(32);
  for (let round = 0; round < 16; round++) {
    const f = feistel(r, keys[decrypt ? 15 - round : round]!);
    const next = new Uint8Array(32);
    for (let i = 0; i < 32; i++) next[i] = l[i]! ^ f[i]!;
    l = r;
    r = next;
  }
  const preOutput = new Uint8Array(64);
  preOutput.set(r, 0); // the halves swap after the last round
  preOutput.set(l, 32);
  return fromBits(permute(preOutput, FP));
}

function checkBlock(block: Uint8Array): void {
  if (block.length !== DES_BLOCK_BYTES) {
    throw new RangeError(`a DES block is 8 bytes, got ${block.length}`);
  }
}

/** Single DES of one 8-byte block under an 8-byte key (for test vectors; use Triple-DES). */
export function desEncryptBlock(key: Uint8Array, block: Uint8Array): Uint8Array<ArrayBuffer> {
  if (key.length !== 8) throw new RangeError(`a DES key is 8 bytes, got ${key.length}`);
  checkBlock(block);
  return desBlock(block, subkeys(key), false);
}

/** Single DES decryption of one 8-byte block. */
export function desDecryptBlock(key: Uint8Array, block: Uint8Array): Uint8Array<ArrayBuffer> {
  if (key.length !== 8) throw new RangeError(`a DES key is 8 bytes, got ${key.length}`);
  checkBlock(block);
  return desBlock(block, subkeys(key), true);
}

/** A Triple-DES key with its round keys prepared. */
export type TripleDes = {
  encryptBlock(block: Uint8Array): Uint8Array<ArrayBuffer>;
  decryptBlock(block: Uint8Array): Uint8Array<ArrayBuffer>;
};

/**
 * Triple-DES EDE under a 16-byte (K1 K2, K3 = K1: 'des-ede') or 24-byte (K1 K2 K3: 'des-ede3') key.
 * Throws RangeError for any other key length or a block that is not 8 bytes.
 */
export function createTripleDes(key: Uint8Array): TripleDes {
  if (key.length !== 16 && key.length !== 24) {
    throw new RangeError(`a Triple-DES key is 16 or 24 bytes, got ${key.length}`);
  }
  const k1 = subkeys(key.subarray(0, 8));
  const k2 = subkeys(key.subarray(8, 16));
  const k3 = key.length === 24 ? subkeys(key.subarray(16, 24)) : k1;
  return {
    encryptBlock(block) {
      checkBlock(block);
      return desBlock(desBlock(desBlock(block, k1, false), k2, true), k3, false);
    },
    decryptBlock(block) {
      checkBlock(block);
      return desBlock(desBlock(desBlock(block, k3, true), k2, false), k1, true);
    },
  };
}

function ecb(data: Uint8Array, op: (block: Uint8Array) => Uint8Array): Uint8Array<ArrayBuffer> {
  if (data.length % DES_BLOCK_BYTES !== 0) {
    throw new RangeError(`ECB data must be a multiple of 8 bytes, got ${data.length}`);
  }
  const out = new Uint8Array(data.length);
  for (let at = 0; at < data.length; at += DES_BLOCK_BYTES) {
    out.set(op(data.subarray(at, at + DES_BLOCK_BYTES)), at);
  }
  return out;
}

/** Triple-DES ECB encryption, no padding (data length a multiple of 8). */
export const tdesEncryptEcb = (key: Uint8Array, data: Uint8Array): Uint8Array<ArrayBuffer> => {
  const c = createTripleDes(key);
  return ecb(data, (b) => c.encryptBlock(b));
};

/** Triple-DES ECB decryption, no padding. */
export const tdesDecryptEcb = (key: Uint8Array, data: Uint8Array): Uint8Array<ArrayBuffer> => {
  const c = createTripleDes(key);
  return ecb(data, (b) => c.decryptBlock(b));
};

/** KCV: the first 3 bytes of the key encrypting a zero block (docs/terminal-protocol.md#key-check-value). */
export const keyCheckValue = (key: Uint8Array): Uint8Array<ArrayBuffer> =>
  createTripleDes(key).encryptBlock(new Uint8Array(8)).slice(0, 3);
