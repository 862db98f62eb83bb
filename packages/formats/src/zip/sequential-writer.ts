import type { FileHandle } from 'node:fs/promises';

/** Appends to a file through two 1 MiB buffers; every byte is also shown to `observe`. */
export type SequentialWriter = {
  /** Bytes written so far: the offset the next byte will have. */
  readonly position: number;
  /** Copies `bytes` in: the caller may reuse them as soon as this returns. */
  write: (bytes: Uint8Array) => Promise<void>;
  /** Writes out everything (call before closing or reading the file back). */
  flush: () => Promise<void>;
  observe: ((bytes: Uint8Array) => void) | undefined;
  /** Told, in order, each time the bytes [0, bytes) are all on disk (e.g. to read them back). */
  onFlushed: ((bytes: number) => void) | undefined;
};

const bufferSize = 1024 * 1024;

async function writeFully(file: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

/**
 * Double buffering: while one full buffer is being written, the caller fills the other, so
 * hashing and reading overlap the disk; a buffer is refilled only after its write has finished.
 */
export function createSequentialWriter(file: FileHandle): SequentialWriter {
  const buffers = [Buffer.allocUnsafe(bufferSize), Buffer.allocUnsafe(bufferSize)];
  let current = 0;
  let buffered = 0;
  let submitted = 0;
  let pending: Promise<void> = Promise.resolve();
  const submitBuffer = async () => {
    if (buffered === 0) return;
    const full = buffers[current]!.subarray(0, buffered);
    const previous = pending;
    const position = submitted;
    submitted += buffered;
    pending = previous
      .then(() => writeFully(file, full, position))
      .then(() => writer.onFlushed?.(position + full.length));
    pending.catch(() => undefined);
    current = 1 - current;
    buffered = 0;
    // The other buffer is free once the write before this one has finished.
    await previous;
  };
  const writer: SequentialWriter = {
    get position() {
      return submitted + buffered;
    },
    observe: undefined,
    onFlushed: undefined,
    async write(bytes) {
      writer.observe?.(bytes);
      for (let at = 0; at < bytes.length; ) {
        const length = Math.min(bufferSize - buffered, bytes.length - at);
        buffers[current]!.set(bytes.subarray(at, at + length), buffered);
        buffered += length;
        at += length;
        if (buffered === bufferSize) await submitBuffer();
      }
    },
    async flush() {
      await submitBuffer();
      await pending;
    },
  };
  return writer;
}
