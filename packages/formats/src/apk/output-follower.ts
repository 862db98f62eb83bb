import { MessageChannel, Worker } from 'node:worker_threads';

/**
 * Reads the signed APK back while it is being written, on another thread (docs/formats/apk-signing.md#benchmark):
 * the v2/v3 chunk digests of section 1 (the entries), the whole file's SHA-256, and the CRC-32 of
 * each copied range, so nothing is read or hashed again once the file is complete. The writer
 * publishes how many bytes are on disk through shared memory; the follower reads up to there.
 */
export type OutputFollower = {
  /** Bytes [0, bytes) are on disk. */
  flushed: (bytes: number) => void;
  /** A copied range of the output whose CRC-32 is wanted (in file order, before its bytes). */
  range: (start: number, length: number) => void;
  /** The ranges asked for so far, in order. */
  ranges: () => { start: number; length: number }[];
  /** Section 1 ends here (all of it flushed): resolves to its 1 MiB chunk digests, in order. */
  sectionEnd: (position: number) => Promise<Buffer[]>;
  /** The file is complete and flushed: its SHA-256 (hex, if asked) and each range's CRC-32, in order. */
  finish: () => Promise<{ sha256?: string; crc32s: number[] }>;
  stop: () => Promise<void>;
};

/** Plain JavaScript evaluated in a worker: the server is bundled into one file (see file-digests.ts). */
const workerSource = `
const { createHash } = require('node:crypto');
const { closeSync, openSync, readSync } = require('node:fs');
const { crc32 } = require('node:zlib');
const { parentPort, receiveMessageOnPort, workerData } = require('node:worker_threads');
const { path, hash, wholeSha256, shared, port } = workerData;
const state = new BigInt64Array(shared);
const chunkSize = 1024 * 1024;
const file = openSync(path, 'r');
const whole = wholeSha256 ? createHash('sha256') : undefined;
const chunk = Buffer.allocUnsafe(chunkSize);
const chunkDigests = [];
const ranges = [];
const crc32s = [];
let sectionEnd;
let sectionPosted = false;
let filled = 0;
let position = 0;
let rangeIndex = 0;
let rangeCrc = 0;
const drain = () => {
  for (let message; (message = receiveMessageOnPort(port)); ) {
    if (message.message.sectionEnd !== undefined) sectionEnd = message.message.sectionEnd;
    else ranges.push(message.message);
  }
};
const digestChunk = () => {
  if (hash && filled > 0) {
    const prefix = Buffer.alloc(5);
    prefix[0] = 0xa5;
    prefix.writeUInt32LE(filled, 1);
    chunkDigests.push(createHash(hash).update(prefix).update(chunk.subarray(0, filled)).digest());
  }
  filled = 0;
};
const crcRanges = (piece, at) => {
  for (let offset = 0; rangeIndex < ranges.length; ) {
    const range = ranges[rangeIndex];
    const end = range.start + range.length;
    const from = Math.max(range.start, at + offset);
    const to = Math.min(end, at + piece.length);
    if (from < to) {
      rangeCrc = crc32(piece.subarray(from - at, to - at), rangeCrc);
      offset = to - at;
    }
    if (end > at + piece.length) break;
    crc32s.push(rangeCrc >>> 0);
    rangeCrc = 0;
    rangeIndex++;
  }
};
try {
  for (;;) {
    // Finished first: once it is seen, the flushed count loaded after it is the final one.
    const finished = Atomics.load(state, 1) === 1n;
    const flushed = Number(Atomics.load(state, 0));
    drain();
    const inSection = sectionEnd === undefined || position < sectionEnd;
    if (sectionEnd !== undefined && position === sectionEnd && !sectionPosted) {
      digestChunk();
      sectionPosted = true;
      parentPort.postMessage({ type: 'section', chunkDigests });
    }
    if (position < flushed) {
      const limit = inSection && sectionEnd !== undefined ? sectionEnd : flushed;
      const length = Math.min(chunkSize - filled, Math.min(flushed, limit) - position);
      const bytesRead = readSync(file, chunk, filled, length, position);
      if (bytesRead === 0) throw new Error('The output ended before the bytes said to be written.');
      const piece = chunk.subarray(filled, filled + bytesRead);
      whole?.update(piece);
      crcRanges(piece, position);
      position += bytesRead;
      filled += bytesRead;
      if (!inSection || filled === chunkSize) {
        if (inSection) digestChunk();
        else filled = 0;
      }
      continue;
    }
    if (finished) break;
    Atomics.wait(state, 0, BigInt(flushed), 200);
  }
  if (rangeIndex !== ranges.length) throw new Error('A copied range runs past the end of the output.');
  parentPort.postMessage({ type: 'done', sha256: whole?.digest('hex'), crc32s });
} finally {
  closeSync(file);
}
`;

type FollowerMessage =
  | { type: 'section'; chunkDigests: Uint8Array[] }
  | { type: 'done'; sha256?: string; crc32s: number[] };

/**
 * Starts following `path` (created by the caller): `chunkHash` is the v2/v3 chunk digest's hash
 * (none for v1 alone), `sha256` whether the whole file's SHA-256 is wanted.
 */
export function followOutput(
  path: string,
  options: { chunkHash: 'sha256' | 'sha512' | undefined; sha256: boolean },
): OutputFollower {
  const shared = new SharedArrayBuffer(16);
  const state = new BigInt64Array(shared);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { path, hash: options.chunkHash, wholeSha256: options.sha256, shared, port: port2 },
    transferList: [port2],
  });
  const waiting: {
    section?: (digests: Buffer[]) => void;
    done?: (result: { sha256?: string; crc32s: number[] }) => void;
  } = {};
  let failure: Error | undefined;
  const failed = new Set<(error: Error) => void>();
  const fail = (error: Error) => {
    failure ??= error;
    for (const reject of failed) reject(error);
  };
  worker.on('message', (message: FollowerMessage) => {
    if (message.type === 'section')
      waiting.section?.(message.chunkDigests.map((d) => Buffer.from(d)));
    else waiting.done?.({ sha256: message.sha256, crc32s: message.crc32s });
  });
  worker.once('error', fail);
  worker.once('exit', (code) => {
    port1.close();
    if (code !== 0) fail(new Error(`Reading ${path} back stopped with exit code ${code}.`));
  });
  const answer = <T>(key: 'section' | 'done') =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      failed.add(reject);
      (waiting as Record<string, (value: T) => void>)[key] = resolve;
    });
  const publish = (bytes: number) => {
    Atomics.store(state, 0, BigInt(bytes));
    Atomics.notify(state, 0);
  };
  const asked: { start: number; length: number }[] = [];
  return {
    flushed: publish,
    range(start, length) {
      asked.push({ start, length });
      port1.postMessage({ start, length });
    },
    ranges: () => asked,
    sectionEnd(position) {
      const digests = answer<Buffer[]>('section');
      port1.postMessage({ sectionEnd: position });
      Atomics.notify(state, 0);
      return digests;
    },
    finish() {
      const done = answer<{ sha256?: string; crc32s: number[] }>('done');
      Atomics.store(state, 1, 1n);
      Atomics.notify(state, 0);
      return done;
    },
    async stop() {
      await worker.terminate();
    },
  };
}
