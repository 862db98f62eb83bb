import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Where a CAP's files come from. The file table (sizes, SHA-256) comes before the payload, so
// the writer reads every file twice: once for its digest, once to encrypt it. A one-shot stream
// is therefore copied to a temporary file on the first read.

type CapByteSource =
  /** A file path. */
  | string
  /** Bytes in memory. */
  | Uint8Array
  /** Gives a fresh stream of the same bytes each time it is called. */
  | (() => AsyncIterable<Uint8Array>)
  /** A one-shot stream (a Node Readable, a web ReadableStream, an async generator). */
  | AsyncIterable<Uint8Array>;

export type CapFileSource = { name: string; source: CapByteSource };

/** A file after the first read: its size, digest, and a way to read it again. */
export type PreparedFile = {
  name: string;
  size: number;
  sha256: string;
  open: () => AsyncIterable<Uint8Array>;
};

const READ_CHUNK_BYTES = 1024 * 1024;

const readFile = (file: string) => createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });

async function* bytesOnce(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

async function digestOf(
  stream: AsyncIterable<Uint8Array>,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Reads every source once for its size and SHA-256. Returns the prepared files and a cleanup
 * that removes any temporary copies (call it when the CAP is written, or failed).
 */
export async function prepareFiles(
  files: readonly CapFileSource[],
): Promise<{ prepared: PreparedFile[]; cleanup: () => Promise<void> }> {
  let spoolDir: string | null = null;
  const cleanup = async () => {
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  };
  try {
    const prepared: PreparedFile[] = [];
    for (const [index, f] of files.entries()) {
      const s = f.source;
      if (typeof s === 'string') {
        prepared.push({ name: f.name, ...(await digestOf(readFile(s))), open: () => readFile(s) });
      } else if (s instanceof Uint8Array) {
        const sha256 = createHash('sha256').update(s).digest('hex');
        prepared.push({ name: f.name, size: s.length, sha256, open: () => bytesOnce(s) });
      } else if (typeof s === 'function') {
        prepared.push({ name: f.name, ...(await digestOf(s())), open: s });
      } else {
        spoolDir ??= await mkdtemp(path.join(tmpdir(), 'tkc-cap-'));
        const copy = path.join(spoolDir, String(index));
        const hash = createHash('sha256');
        let size = 0;
        const counted = async function* () {
          for await (const chunk of s) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        };
        await pipeline(Readable.from(counted()), createWriteStream(copy));
        prepared.push({
          name: f.name,
          size,
          sha256: hash.digest('hex'),
          open: () => readFile(copy),
        });
      }
    }
    return { prepared, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/**
 * The regular files under a folder, named by their path relative to it with '/' separators,
 * sorted by name. Symbolic links and other special files are left out.
 */
export async function listCapFolder(folder: string): Promise<CapFileSource[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      return { name: path.relative(folder, full).split(path.sep).join('/'), source: full };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
