import fs from 'node:fs';
import path from 'node:path';

// The data folder holds the embedded database, the master key and the outbox: one process may
// open it at a time (PGlite is single-process; two writers lose rows), and nobody but its owner
// may read it (docs/security.md#data-folder).

export type DataDirLock = { pid: number; role: string; startedAt: string };

export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: DataDirLock,
  ) {
    super(
      `The data folder ${dir} is in use by process ${holder.pid} (${holder.role}, since ${holder.startedAt}). ` +
        'Stop it first, or use the admin commands, which talk to a running server.',
    );
    this.name = 'DataDirBusyError';
  }
}

export const lockFileOf = (dir: string) => path.join(dir, 'lock');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The live holder of the folder's lock, if any (a dead holder's lock is stale). */
export function lockHolder(dir: string): DataDirLock | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(lockFileOf(dir), 'utf8')) as DataDirLock;
    return isAlive(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder's lock before anything opens the database; a lock left by a process that
 * died is taken over. Returns the release function.
 */
export function lockDataDir(dir: string, role: string): () => void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = lockFileOf(dir);
  const mine: DataDirLock = { pid: process.pid, role, startedAt: new Date().toISOString() };
  // Written whole beside it, then linked into place: the lock appears with its holder in it. An
  // empty lock (made, not yet written) read as no holder, so an admin command took a starting
  // server's lock and both opened the database (seen once in CI).
  const draft = `${file}.${process.pid}`;
  fs.writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
  try {
    return linkLock(dir, draft, file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function linkLock(dir: string, draft: string, file: string): () => void {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.linkSync(draft, file);
      return () => {
        const holder = lockHolder(dir);
        if (holder?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dir);
      if (holder && holder.pid !== process.pid) throw new DataDirBusyError(dir, holder);
      // Stale (its process is gone) or our own from an earlier open: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock of ${dir}`);
}

/**
 * The folder 0700 and everything in it owner-only (0600 files, 0700 folders); returns how many
 * entries had to be tightened.
 */
export function secureDataDir(dir: string): number {
  let tightened = 0;
  const tighten = (entry: string, mode: number) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o777) !== mode) {
      fs.chmodSync(entry, mode);
      tightened += 1;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) {
        const child = path.join(entry, name);
        tighten(child, fs.lstatSync(child).isDirectory() ? 0o700 : 0o600);
      }
    }
  };
  if (fs.existsSync(dir)) tighten(dir, 0o700);
  return tightened;
}
