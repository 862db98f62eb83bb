import type { FileHandle } from 'node:fs/promises';
import { readInto } from './read-at';

const readChunkSize = 1024 * 1024;

export type ReadRangeOptions = {
  /**
   * Reads into a ring of three buffers instead of fresh ones (no garbage for hundreds of MB). A
   * chunk then stays valid only until two more chunks have been taken: the caller must be done
   * with it by then (hash it, compare it, or write it with at most one write still running).
   */
  reuseBuffers?: boolean;
};

/**
 * Yields `length` bytes from `start` in chunks, reading the next chunk while the caller works on
 * the current one (the read runs on libuv's thread pool, hashing on the main thread).
 */
export async function* readRange(
  file: FileHandle,
  start: number,
  length: number,
  options: ReadRangeOptions = {},
): AsyncGenerator<Buffer> {
  const ring = options.reuseBuffers
    ? [0, 1, 2].map(() => Buffer.allocUnsafe(Math.min(readChunkSize, length)))
    : undefined;
  let index = 0;
  const read = (offset: number) => {
    const size = Math.min(readChunkSize, length - offset);
    const chunk = ring ? ring[index++ % ring.length]!.subarray(0, size) : Buffer.allocUnsafe(size);
    const done = readInto(file, chunk, start + offset, size).then(() => chunk);
    // A read still running when the caller stops early must not become an unhandled rejection.
    done.catch(() => undefined);
    return done;
  };
  let next = length > 0 ? read(0) : undefined;
  for (let offset = 0; next; ) {
    const chunk = await next;
    offset += chunk.length;
    next = offset < length ? read(offset) : undefined;
    yield chunk;
  }
}
