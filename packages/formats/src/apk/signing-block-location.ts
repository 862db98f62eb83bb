import type { FileHandle } from 'node:fs/promises';
import { FormatError } from '../format-error';
import { readAt } from '../zip/read-at';

/** Where an APK Signing Block sits: right before the central directory. */
export type SigningBlockLocation = { offset: number; size: number };

export const signingBlockMagic = Buffer.from('APK Sig Block 42', 'latin1');
/** Smallest block: size (8), no pairs, size again (8), magic (16). */
const minimumBlockSize = 32;

export function malformedSigningBlock(detail: string): FormatError {
  return new FormatError(
    'apk.signing_block_malformed',
    `The APK Signing Block is malformed: ${detail}.`,
  );
}

/**
 * Finds the APK Signing Block ending at `centralDirectoryOffset`, if any: its footer is the
 * block size (uint64) followed by the 16-byte magic, and its header repeats the same size.
 */
export async function locateSigningBlock(
  file: FileHandle,
  centralDirectoryOffset: number,
): Promise<SigningBlockLocation | undefined> {
  if (centralDirectoryOffset < minimumBlockSize) return undefined;
  const footer = await readAt(file, centralDirectoryOffset - 24, 24);
  if (!footer.subarray(8).equals(signingBlockMagic)) return undefined;
  const sizeField = footer.readBigUInt64LE(0);
  const size = Number(sizeField) + 8;
  const offset = centralDirectoryOffset - size;
  if (sizeField > BigInt(centralDirectoryOffset) || size < minimumBlockSize || offset < 0) {
    throw malformedSigningBlock('its size does not fit in the file');
  }
  const header = await readAt(file, offset, 8);
  if (header.readBigUInt64LE(0) !== sizeField) {
    throw malformedSigningBlock('its two size fields differ');
  }
  return { offset, size };
}
