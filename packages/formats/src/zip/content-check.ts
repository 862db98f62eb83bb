import { crc32 } from 'node:zlib';
import { FormatError } from '../format-error';
import type { ZipEntry } from './central-directory';

/** Checks uncompressed content as it streams by against the entry's declared size and CRC-32. */
export type ContentCheck = {
  /** Throws as soon as the content passes the declared size (before the chunk is used). */
  update: (chunk: Uint8Array) => void;
  /** Throws if the content was shorter than declared or its CRC-32 differs. */
  finish: () => void;
};

export function createContentCheck(
  entry: Pick<ZipEntry, 'name' | 'uncompressedSize' | 'crc32'>,
): ContentCheck {
  let size = 0;
  let crc = 0;
  return {
    update(chunk) {
      size += chunk.length;
      if (size > entry.uncompressedSize) {
        throw sizeMismatchError(entry, `more than the ${entry.uncompressedSize}`);
      }
      crc = crc32(chunk, crc);
    },
    finish() {
      if (size !== entry.uncompressedSize) {
        throw sizeMismatchError(entry, `${size}, not the ${entry.uncompressedSize}`);
      }
      if (crc >>> 0 !== entry.crc32) {
        throw corruptEntryError(entry.name, 'its CRC-32 does not match its content');
      }
    },
  };
}

function sizeMismatchError(entry: Pick<ZipEntry, 'name' | 'uncompressedSize'>, detail: string) {
  return new FormatError(
    'zip.entry_size_mismatch',
    `Entry "${entry.name}" inflates to ${detail} bytes its header declares.`,
    { name: entry.name, declared: entry.uncompressedSize },
  );
}

export function corruptEntryError(name: string, detail: string): FormatError {
  return new FormatError('zip.entry_corrupt', `Entry "${name}" is corrupt: ${detail}.`, { name });
}
