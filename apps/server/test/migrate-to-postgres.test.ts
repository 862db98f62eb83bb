import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { signerKeys } from '../src/db/schema-signer';
import { readSequences } from '../src/features/backup/backup-catalog';
import { createSecretBox } from '../src/lib/crypto';
import { dumpRows, seedEveryKindFolder } from './support/every-row-fixture';
import { freshServerDatabase, startServerProcess } from './support/server-process';

// `npm run admin -- migrate --to postgres://...` (docs/operations.md#move-to-postgresql): a
// stopped PGlite folder with a row of every kind is copied into an empty PostgreSQL database;
// the copy is compared row by row and sequence by sequence, its audit chain verified, its sealed
// keys opened under the same master key, and a new audited write continues it. Needs a server
// (TEST_DATABASE_URL).

const onPostgres = !!process.env.TEST_DATABASE_URL;
const masterKey = crypto.randomBytes(32);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-migrate-test-'));
const folder = path.join(temp, 'data');
const drops: (() => Promise<void>)[] = [];

const admin = (argv: string[], extra: Record<string, string> = {}) =>
  runAdmin(argv, loadConfig({ DATA_DIR: folder, LOG_LEVEL: 'silent', ...extra }));

async function opened<T>(database: Promise<Database>, work: (d: Database) => Promise<T>) {
  const d = await database;
  try {
    return await work(d);
  } finally {
    await d.close();
  }
}
const source = () => openDatabase({ dataDir: path.join(folder, 'pgdata') });
const target = (url: string) => openDatabase({ databaseUrl: url, poolSize: 2 });

beforeAll(async () => {
  if (onPostgres) await seedEveryKindFolder(folder, masterKey);
}, 180_000);
afterAll(async () => {
  for (const drop of drops) await drop();
  fs.rmSync(temp, { recursive: true, force: true });
});

describe.runIf(onPostgres)('migrate --to postgres://', { timeout: 180_000 }, () => {
  it('refuses while a server holds the folder', async () => {
    const empty = await freshServerDatabase();
    drops.push(empty.drop);
    const server = await startServerProcess({ dataDir: folder });
    try {
      const refused = await admin(['migrate', '--to', empty.url!]).catch((e: Error) => e.message);
      expect(String(refused)).toMatch(/is in use by process \d+ \(server/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('copies every row, the sequences, the chain and the sealed keys, and checks them', async () => {
    const db = await freshServerDatabase();
    drops.push(db.drop);
    const result = await admin(['migrate', '--to', db.url!]);
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const text = result.lines.join('\n');
    const copied = /^Copied (\d+) rows of (\d+) tables from /.exec(text);
    expect(copied, text).not.toBeNull();
    expect(text).toMatch(/audit chain valid \(\d+ events\); \d+ sealed values open/);

    const [from, fromSequences] = await opened(source(), async (d) => [
      await dumpRows(d.db),
      await readSequences(d.db),
    ]);
    const [to, toSequences, key] = await opened(target(db.url!), async (d) => [
      await dumpRows(d.db),
      await readSequences(d.db),
      (await d.db.select().from(signerKeys))[0]!,
    ]);
    expect(Object.values(from).every((rows) => rows.length > 0)).toBe(true);
    // What the command says it copied is every table of the source, every row.
    expect(Number(copied![2])).toBe(Object.keys(from).length);
    expect(Number(copied![1])).toBe(Object.values(from).reduce((n, rows) => n + rows.length, 0));
    expect(to).toEqual(from);
    expect(toSequences).toEqual(fromSequences);
    expect(createSecretBox(masterKey).open(key.privateKeyEnc).length).toBeGreaterThan(100);

    // The nodes' side: audit-verify, and a new audited write that needs the sequences.
    const onServer = { DATABASE_URL: db.url!, MASTER_KEY: masterKey.toString('hex') };
    expect((await admin(['audit-verify'], onServer)).lines[0]).toMatch(/is valid/);
    const invite = await admin(
      ['invite', '--email', 'moved@acme.test', '--company', 'ACME', '--role', 'erk-user'],
      onServer,
    );
    expect(invite.ok, invite.lines.join('\n')).toBe(true);
    const verify = await admin(['audit-verify'], onServer);
    expect(verify.ok, verify.lines.join('\n')).toBe(true);

    // Once more into the same database: refused, it is not empty any more.
    const again = await admin(['migrate', '--to', db.url!]).catch((e: Error) => e.message);
    expect(String(again)).toMatch(/The target is not empty/);
  });

  it('refuses with DATABASE_URL set, or without a target', async () => {
    const withUrl = await admin(['migrate', '--to', 'postgres://x@127.0.0.1/y'], {
      DATABASE_URL: 'postgres://x@127.0.0.1/z',
    });
    expect(withUrl.ok).toBe(false);
    expect(withUrl.lines[0]).toMatch(/without DATABASE_URL/);
    expect((await admin(['migrate'])).lines[0]).toMatch(/^Usage: npm run admin -- migrate --to/);
  });
});
