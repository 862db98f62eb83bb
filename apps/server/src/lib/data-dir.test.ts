import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { lockDataDir, lockFileOf, lockHolder } from './data-dir';

afterEach(() => vi.restoreAllMocks());

// Another process may read the lock at any moment: after each file operation of taking it, the
// lock is either absent or names its holder, never there and empty (an admin command read such a
// lock as no holder, took a starting server's lock, and both opened the database).
it('the lock appears whole: never there without its holder in it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-lock-'));
  const seen: string[] = [];
  const check = (step: string) => {
    if (fs.existsSync(lockFileOf(dir)))
      seen.push(`${step}: ${lockHolder(dir)?.pid ?? 'no holder'}`);
  };
  for (const name of ['openSync', 'writeSync', 'closeSync', 'writeFileSync', 'linkSync'] as const) {
    const original = fs[name] as (...args: unknown[]) => unknown;
    vi.spyOn(fs, name).mockImplementation((...args: unknown[]) => {
      const result = original(...args);
      check(name);
      return result;
    });
  }
  const release = lockDataDir(dir, 'server');
  vi.restoreAllMocks();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((s) => s.endsWith(`: ${process.pid}`))).toBe(true);
  expect(fs.readdirSync(dir)).toEqual(['lock']);
  release();
  expect(fs.existsSync(lockFileOf(dir))).toBe(false);
  fs.rmSync(dir, { recursive: true });
});
