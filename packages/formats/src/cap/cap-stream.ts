import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { capErrors } from './cap-errors';

// Byte plumbing for reading and writing CAPs as streams: a reader that hands out exact byte
// counts from any chunking, and a writer that sends generated chunks to a path or a stream.

/** A CAP to read: a file path, its bytes, or a stream of them. */
export type CapInput = string | Uint8Array | AsyncIterable<Uint8Array>;
/** Where a CAP goes: a file path (removed again if writing fails) or a writable stream. */
export type CapOutput = string | Writable;

const READ_CHUNK_BYTES = 1024 * 1024;

async function* single(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

const inputStream = (input: CapInput): AsyncIterable<Uint8Array> =>
  typeof input === 'string'
    ? createReadStream(input, { highWaterMark: READ_CHUNK_BYTES })
    : input instanceof Uint8Array
      ? single(input)
      : input;

export type ChunkReader = {
  /** Bytes consumed so far. */
  position(): number;
  /** Up to n bytes (fewer only at the end of the input). */
  readUpTo(n: number): Promise<Buffer>;
  /** Exactly n bytes; throws cap.truncated when the input ends first. */
  readExact(n: number): Promise<Buffer>;
  /** The next 1 to max bytes, as they came; throws cap.truncated (needing max) at the end. */
  nextPiece(max: number): Promise<Buffer>;
  /** Passes exactly n bytes on in chunks; throws cap.truncated when the input ends first. */
  pipe(n: number, sink: (chunk: Buffer) => void | Promise<void>): Promise<void>;
  /** True when no byte is left. */
  atEnd(): Promise<boolean>;
};

export function createChunkReader(input: CapInput): ChunkReader {
  const it = inputStream(input)[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  let consumed = 0;
  let ended = false;

  const next = async (): Promise<Buffer | null> => {
    if (ended) return null;
    const r = await it.next();
    if (r.done) {
      ended = true;
      return null;
    }
    const v = r.value;
    return Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  };
  const take = (n: number): Buffer => {
    const out = pending.subarray(0, n);
    pending = pending.subarray(n);
    consumed += out.length;
    return out;
  };

  const readUpTo = async (n: number): Promise<Buffer> => {
    const parts = [pending];
    let have = pending.length;
    while (have < n) {
      const chunk = await next();
      if (!chunk) break;
      parts.push(chunk);
      have += chunk.length;
    }
    pending = parts.length === 1 ? pending : Buffer.concat(parts);
    return Buffer.from(take(n));
  };

  const nextPiece = async (max: number): Promise<Buffer> => {
    if (pending.length === 0) {
      const chunk = await next();
      if (!chunk) throw capErrors.truncated(consumed + max);
      pending = chunk;
    }
    return take(Math.min(max, pending.length));
  };

  return {
    position: () => consumed,
    readUpTo,
    async readExact(n) {
      const out = await readUpTo(n);
      if (out.length < n) throw capErrors.truncated(consumed + n - out.length);
      return out;
    },
    nextPiece,
    async pipe(n, sink) {
      for (let left = n; left > 0; ) {
        const piece = await nextPiece(left);
        left -= piece.length;
        await sink(piece);
      }
    },
    async atEnd() {
      while (pending.length === 0) {
        const chunk = await next();
        if (!chunk) return true;
        pending = chunk;
      }
      return false;
    },
  };
}

/** Writes generated chunks to the output; a partly written output file is removed on failure. */
export async function writeChunks(
  chunks: AsyncIterable<Uint8Array>,
  output: CapOutput,
): Promise<void> {
  const source = Readable.from(chunks, { objectMode: false });
  if (typeof output !== 'string') {
    await pipeline(source, output);
    return;
  }
  try {
    await pipeline(source, createWriteStream(output));
  } catch (e) {
    await rm(output, { force: true });
    throw e;
  }
}

/** Every chunk in one buffer (for CAPs built in memory). */
export async function collectChunks(
  chunks: AsyncIterable<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return new Uint8Array(Buffer.concat(parts));
}
