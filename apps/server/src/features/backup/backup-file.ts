import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

// A backup on disk: the lines of backup-stream.ts, gzipped. Written to FILE.partial (owner-only)
// and renamed when whole, so a FILE that exists is a finished backup.

/** Writes `lines` to `file` (refusing one that exists); answers the file's size in bytes. */
export async function writeBackupFile(file: string, lines: AsyncIterable<string>): Promise<number> {
  if (fs.existsSync(file)) throw new Error(`${file} exists already: choose another name.`);
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const gzip = zlib.createGzip({ level: 6 });
  gzip.pipe(out);
  try {
    for await (const line of lines) {
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    }
    gzip.end();
    await finished(out);
    fs.renameSync(partial, file);
    return fs.statSync(file).size;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** The lines of a backup file, one by one. */
export async function* readBackupFile(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist.`);
  const raw = fs.createReadStream(file);
  const input = zlib.createGunzip();
  // pipeline, not pipe: a read error reaches the lines below instead of leaving them waiting.
  pipeline(raw, input).catch((error: unknown) => input.destroy(error as Error));
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) yield line;
  } catch (error) {
    throw new Error(
      `${file} cannot be read as a backup (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    lines.close();
    raw.destroy();
    input.destroy();
  }
}

/** The first line alone (the header), without reading the rest. */
export async function firstLineOf(file: string): Promise<string> {
  for await (const line of readBackupFile(file)) return line;
  throw new Error(`${file} is empty.`);
}
