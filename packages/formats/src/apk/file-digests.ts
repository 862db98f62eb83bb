import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/** A byte range [start, start + length) of the file to digest on its own (CRC-32 only when `digest` is false). */
export type DigestRange = { start: number; length: number; digest?: boolean };

export type FileDigests = {
  /** SHA-256 of the whole file, lowercase hex ('' when not asked for). */
  sha256: string;
  /** For each range, in order: its digest (with the hash asked for; empty when not asked) and its CRC-32. */
  ranges: { digest: Buffer; crc32: number }[];
};

/**
 * Reads the file once from start to end: the whole-file SHA-256 (unless `wholeFile` is false:
 * then only the ranges are read), and the digest and CRC-32 of each range (sorted, not overlapping, not empty). Plain JavaScript, evaluated in a worker: the server is
 * bundled into one file, so a separate worker module would not exist at run time.
 */
const workerSource = `
const { createHash } = require('node:crypto');
const { open } = require('node:fs/promises');
const { crc32 } = require('node:zlib');
const { parentPort, workerData } = require('node:worker_threads');
const { path, hash, ranges, wholeFile } = workerData;
(async () => {
  const file = await open(path, 'r');
  try {
    const whole = createHash('sha256');
    const results = [];
    let index = 0;
    let current;
    const start = (range) => ({ hash: range.digest === false ? undefined : createHash(hash), crc: 0 });
    const settle = (position) => {
      while (index < ranges.length && ranges[index].start + ranges[index].length <= position) {
        current ??= start(ranges[index]);
        results.push({ digest: current.hash ? current.hash.digest() : Buffer.alloc(0), crc32: current.crc >>> 0 });
        current = undefined;
        index++;
      }
    };
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    for (let position = 0; ; ) {
      if (!wholeFile) {
        // Only the ranges are wanted: skip the gaps, stop after the last range.
        if (index === ranges.length) break;
        if (!current) position = Math.max(position, ranges[index].start);
      }
      const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      if (wholeFile) whole.update(chunk);
      for (let at = 0; at < chunk.length && index < ranges.length; ) {
        const range = ranges[index];
        const from = Math.max(range.start, position + at);
        const to = Math.min(range.start + range.length, position + chunk.length);
        if (from >= to) break;
        const piece = chunk.subarray(from - position, to - position);
        current ??= start(range);
        current.hash?.update(piece);
        current.crc = crc32(piece, current.crc);
        at = to - position;
        settle(to);
      }
      position += bytesRead;
    }
    if (index !== ranges.length) throw new Error('A range runs past the end of the file.');
    parentPort.postMessage({ sha256: wholeFile ? whole.digest('hex') : '', ranges: results });
  } finally {
    await file.close();
  }
})();
`;

/** Digests the file at `path` on another thread, so signing keeps this one for itself. */
export async function digestFile(
  path: string,
  ranges: DigestRange[] = [],
  hash: 'sha1' | 'sha256' = 'sha256',
  options: { wholeFile?: boolean } = {},
): Promise<FileDigests> {
  // Only the numbers go to the worker, whatever else the caller's ranges carry.
  const nonEmpty = ranges
    .filter((range) => range.length > 0)
    .map(({ start, length, digest }) => ({ start, length, digest }));
  const digests = await runWorker(path, nonEmpty, hash, options.wholeFile ?? true);
  const empty = { digest: createHash(hash).digest(), crc32: 0 };
  let next = 0;
  return {
    sha256: digests.sha256,
    ranges: ranges.map((range) =>
      range.length > 0
        ? digests.ranges[next++]!
        : { ...empty, digest: range.digest === false ? Buffer.alloc(0) : empty.digest },
    ),
  };
}

type WorkerResult = { sha256: string; ranges: { digest: Uint8Array; crc32: number }[] };

function runWorker(
  path: string,
  ranges: DigestRange[],
  hash: string,
  wholeFile: boolean,
): Promise<FileDigests> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { path, hash, ranges, wholeFile },
    });
    worker.once('message', (result: WorkerResult) =>
      resolve({
        sha256: result.sha256,
        ranges: result.ranges.map((range) => ({ ...range, digest: Buffer.from(range.digest) })),
      }),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`Digesting ${path} stopped with exit code ${code}.`));
    });
  });
}
