import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { FormatError } from '../format-error';
import { corruptEntryError, createContentCheck } from './content-check';
import type { LocatedEntry } from './local-records';
import { type ReadRangeOptions, readRange } from './read-range';

/**
 * Yields an entry's uncompressed content in chunks. Headers are not trusted: inflation stops as
 * soon as the output passes the declared size, and the size and CRC-32 are checked at the end.
 */
export async function* readEntryContent(
  file: FileHandle,
  entry: LocatedEntry,
  options: ReadRangeOptions = {},
): AsyncGenerator<Buffer> {
  // Inflation buffers its input, so only stored content may come from reused buffers.
  const chunks =
    entry.method === 0 ? readRaw(file, entry, options) : inflate(entry.name, readRaw(file, entry));
  const check = createContentCheck(entry);
  for await (const chunk of chunks) {
    try {
      check.update(chunk);
    } catch (error) {
      await chunks.return(undefined);
      throw error;
    }
    yield chunk;
  }
  check.finish();
}

/** The whole uncompressed content, for small entries (the caller bounds the declared size). */
export async function readEntryBytes(file: FileHandle, entry: LocatedEntry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of readEntryContent(file, entry)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The entry's stored bytes as they are in the file (compressed data for deflated entries). */
function readRaw(
  file: FileHandle,
  entry: Pick<LocatedEntry, 'dataOffset' | 'compressedSize'>,
  options: ReadRangeOptions = {},
): AsyncGenerator<Buffer> {
  return readRange(file, entry.dataOffset, entry.compressedSize, options);
}

async function* inflate(name: string, compressed: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  const source = Readable.from(compressed);
  // Large output chunks: fewer trips through the stream machinery per megabyte.
  const inflater = createInflateRaw({ chunkSize: 256 * 1024 });
  source.on('error', (error) => inflater.destroy(error));
  source.pipe(inflater);
  try {
    for await (const chunk of inflater) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw corruptEntryError(name, 'its deflate data cannot be inflated');
  } finally {
    source.destroy();
    inflater.destroy();
  }
}
