import { malformedSigningBlock } from './signing-block-location';

export type SigningBlockPair = { id: number; value: Buffer };

/** IDs of the ID-value pairs this library reads or writes (docs/formats/apk-signing.md). */
export const signingBlockIds = {
  v2: 0x7109871a,
  v3: 0xf05368c0,
  /** v3.1: a v3 signer meant for newer platforms (key rotation); reported as v3. */
  v31: 0x1b93ad61,
  verityPadding: 0x42726577,
} as const;

/** Splits a whole APK Signing Block (size, pairs, size, magic) into its ID-value pairs. */
export function readSigningBlockPairs(block: Buffer): SigningBlockPair[] {
  const pairs: SigningBlockPair[] = [];
  const end = block.length - 24;
  let at = 8;
  while (at < end) {
    if (at + 12 > end) throw malformedSigningBlock('an ID-value pair is cut short');
    const length = block.readBigUInt64LE(at);
    if (length < 4n || length > BigInt(end - at - 8)) {
      throw malformedSigningBlock('an ID-value pair has an impossible length');
    }
    const valueEnd = at + 8 + Number(length);
    pairs.push({ id: block.readUInt32LE(at + 8), value: block.subarray(at + 12, valueEnd) });
    at = valueEnd;
  }
  return pairs;
}

/** Reads uint32-length-prefixed fields out of a buffer, refusing any that overrun it. */
function reader(bytes: Buffer) {
  let at = 0;
  return {
    hasMore: () => at < bytes.length,
    lengthPrefixed(): Buffer {
      if (at + 4 > bytes.length) throw malformedSigningBlock('a length prefix is cut short');
      const length = bytes.readUInt32LE(at);
      if (at + 4 + length > bytes.length) {
        throw malformedSigningBlock('a length-prefixed field overruns its parent');
      }
      const value = bytes.subarray(at + 4, at + 4 + length);
      at += 4 + length;
      return value;
    },
  };
}

/**
 * Certificates of each signer of a v2, v3 or v3.1 block (same layout up to the certificates):
 * signers → signer → signed data → digests, certificates → certificate.
 */
export function readSchemeSignerCertificates(value: Buffer): Buffer[][] {
  const signers = reader(reader(value).lengthPrefixed());
  const result: Buffer[][] = [];
  while (signers.hasMore()) {
    const signedData = reader(reader(signers.lengthPrefixed()).lengthPrefixed());
    signedData.lengthPrefixed();
    const certificates = reader(signedData.lengthPrefixed());
    const list: Buffer[] = [];
    while (certificates.hasMore()) list.push(certificates.lengthPrefixed());
    if (list.length === 0) throw malformedSigningBlock('a signer has no certificate');
    result.push(list);
  }
  if (result.length === 0) throw malformedSigningBlock('a signature scheme block has no signer');
  return result;
}
