import { signingBlockMagic } from './signing-block-location';
import { signingBlockIds } from './signing-block-reader';
import type { SigningKey } from './signing-key';

/** v2 signed-data attribute saying "a v3 signature must be present too" (stripping protection). */
const strippingProtectionAttributeId = 0xbeeff00d;
const v3SchemeNumber = 3;
/** apksigner pads the block to a multiple of 4096 bytes (so it can later be page-aligned). */
const blockAlignment = 4096;

/** Platform range a v3 signer covers: from Android 7.0 (API 24, first with these algorithms) on. */
const v3SdkRange = { min: 24, max: 0x7fffffff } as const;

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0, 0);
  return bytes;
}

function lengthPrefixed(bytes: Buffer): Buffer {
  return Buffer.concat([uint32(bytes.length), bytes]);
}

/** A length-prefixed sequence of length-prefixed items. */
function sequence(items: Buffer[]): Buffer {
  return lengthPrefixed(Buffer.concat(items.map(lengthPrefixed)));
}

/** An (algorithm id, length-prefixed bytes) item of the digests and signatures sequences. */
function algorithmItem(id: number, bytes: Buffer): Buffer {
  return Buffer.concat([uint32(id), lengthPrefixed(bytes)]);
}

/**
 * The v2 block value: one signer whose signed data holds the content digest, the certificate and,
 * when a v3 block is made too, the stripping-protection attribute.
 */
export function encodeV2Block(key: SigningKey, contentDigest: Buffer, withV3: boolean): Buffer {
  const attributes = withV3
    ? [Buffer.concat([uint32(strippingProtectionAttributeId), uint32(v3SchemeNumber)])]
    : [];
  const signedData = Buffer.concat([
    sequence([algorithmItem(key.blockAlgorithm.id, contentDigest)]),
    sequence([key.certificate]),
    sequence(attributes),
  ]);
  const signer = Buffer.concat([
    lengthPrefixed(signedData),
    sequence([algorithmItem(key.blockAlgorithm.id, key.sign(signedData, key.blockAlgorithm.hash))]),
    lengthPrefixed(key.publicKey),
  ]);
  return sequence([signer]);
}

/** The v3 block value: like v2, with the SDK range inside the signed data and beside it. */
export function encodeV3Block(key: SigningKey, contentDigest: Buffer): Buffer {
  const sdkRange = Buffer.concat([uint32(v3SdkRange.min), uint32(v3SdkRange.max)]);
  const signedData = Buffer.concat([
    sequence([algorithmItem(key.blockAlgorithm.id, contentDigest)]),
    sequence([key.certificate]),
    sdkRange,
    sequence([]),
  ]);
  const signer = Buffer.concat([
    lengthPrefixed(signedData),
    sdkRange,
    sequence([algorithmItem(key.blockAlgorithm.id, key.sign(signedData, key.blockAlgorithm.hash))]),
    lengthPrefixed(key.publicKey),
  ]);
  return sequence([signer]);
}

function uint64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value), 0);
  return bytes;
}

/** The whole APK Signing Block: size, ID-value pairs, padding pair, size again, magic. */
export function encodeSigningBlock(pairs: { id: number; value: Buffer }[]): Buffer {
  const encoded = pairs.map(({ id, value }) =>
    Buffer.concat([uint64(4 + value.length), uint32(id), value]),
  );
  const unpadded = 8 + encoded.reduce((sum, pair) => sum + pair.length, 0) + 8 + 16;
  let padding = (blockAlignment - (unpadded % blockAlignment)) % blockAlignment;
  if (padding > 0 && padding < 12) padding += blockAlignment;
  if (padding > 0) {
    const pair = Buffer.alloc(padding);
    pair.writeBigUInt64LE(BigInt(padding - 8), 0);
    pair.writeUInt32LE(signingBlockIds.verityPadding, 8);
    encoded.push(pair);
  }
  const sizeField = uint64(unpadded + padding - 8);
  return Buffer.concat([sizeField, ...encoded, sizeField, signingBlockMagic]);
}
