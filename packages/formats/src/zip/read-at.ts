import type { FileHandle } from 'node:fs/promises';
import { FormatError } from '../format-error';

export function truncatedZipError(): FormatError {
  return new FormatError(
    'zip.truncated',
    'The ZIP file is truncated: it ends before its own records say it should.',
  );
}

/** Reads exactly `length` bytes at `position` into `target` (from its start). */
export async function readInto(
  file: FileHandle,
  target: Uint8Array,
  position: number,
  length: number = target.byteLength,
): Promise<void> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(target, done, length - done, position + done);
    if (bytesRead === 0) throw truncatedZipError();
    done += bytesRead;
  }
}

/** Reads exactly `length` bytes at `position`; a file that ends earlier is a truncated ZIP. */
export async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  await readInto(file, buffer, position, length);
  return buffer;
}
