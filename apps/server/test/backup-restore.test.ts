import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { auditEvents, companies, users } from '../src/db/schema';
import { signerKeys } from '../src/db/schema-signer';
import { appliedMigrations } from '../src/features/backup/backup-catalog';
import { firstLineOf } from '../src/features/backup/backup-file';
import {
  backupDatabase,
  buildMigrations,
  migrationsUpTo,
} from '../src/features/backup/backup-service';
import { createInvitation } from '../src/features/invitations/invitation-service';
import { createSecretBox } from '../src/lib/crypto';
import { dumpRows, rowsPerTable, seedEveryKindFolder } from './support/every-row-fixture';
import { freshServerDatabase, startServerProcess } from './support/server-process';

// `npm run admin -- backup FILE` and `restore FILE` (docs/operations.md#backup): a PGlite folder
// with a row of every kind is backed up (by the admin process alone, and through the server that
// holds the folder), restored into new folders and, with TEST_DATABASE_URL, into a new database
// on the PostgreSQL server and backed up from there while writes go on; each copy is compared row
// by row with the source, its audit chain verified, its sealed keys opened with the same key.

const onPostgres = !!process.env.TEST_DATABASE_URL;
const masterKey = crypto.randomBytes(32);
const box = createSecretBox(masterKey);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-backup-test-'));
const sourceDir = path.join(temp, 'source');
let sourceRows: Record<string, string[]>;
const drops: (() => Promise<void>)[] = [];
let postgresUrl = '';

const env = (dataDir: string, extra: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra });

const admin = async (argv: string[], dataDir: string, extra: Record<string, string> = {}) =>
  runAdmin(argv, env(dataDir, extra));

async function withDatabase<T>(
  target: { dataDir?: string; url?: string },
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = target.url
    ? await openDatabase({ databaseUrl: target.url, poolSize: 2 })
    : await openDatabase({ dataDir: path.join(target.dataDir!, 'pgdata') });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The copy holds the source's rows exactly, and its sealed company key opens. */
async function expectSameAsSource(target: { dataDir?: string; url?: string }) {
  await withDatabase(target, async (database) => {
    const rows = await dumpRows(database.db);
    expect(Object.keys(rows).sort()).toEqual(Object.keys(sourceRows).sort());
    for (const table of Object.keys(sourceRows))
      expect(rows[table], table).toEqual(sourceRows[table]);
    const [key] = await database.db.select().from(signerKeys);
    expect(box.open(key!.privateKeyEnc)).toMatch(/^[A-Za-z0-9+/=]{100,}$/);
    const [owner] = await database.db.select().from(users).where(eq(users.email, 'owner@hq.test'));
    expect(box.open(owner!.totpSecretEnc!)).toMatch(/^[A-Z2-7]{32}$/);
  });
}

beforeAll(async () => {
  await seedEveryKindFolder(sourceDir, masterKey);
  sourceRows = await withDatabase({ dataDir: sourceDir }, (d) => dumpRows(d.db));
}, 180_000);
afterAll(async () => {
  for (const drop of drops) await drop();
  fs.rmSync(temp, { recursive: true, force: true });
});

describe('backup and restore', { timeout: 120_000 }, () => {
  const file = path.join(temp, 'alone.tkcb');

  it('the source holds a row of every kind (every table of the schema)', async () => {
    const counts = await withDatabase({ dataDir: sourceDir }, (d) => rowsPerTable(d.db));
    const empty = Object.entries(counts).filter(([, n]) => n === 0);
    expect(empty).toEqual([]);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(27);
  });

  it('backs up a folder no server holds, without the master key in the file', async () => {
    const result = await admin(['backup', file], sourceDir);
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(result.lines[0]).toMatch(/^Backup written to .*: \d+ tables, \d+ rows/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(text.startsWith('#{"kind":"header","format":"tkc-backup"')).toBe(true);
    expect(text).not.toContain(masterKey.toString('hex'));
    expect(text).not.toContain(masterKey.toString('base64'));
    expect(text).toContain(`"masterKeyId":"${box.keyId}"`);
    // A second backup never overwrites a file.
    const again = await admin(['backup', file], sourceDir).catch((e: Error) => e.message);
    expect(String(again)).toMatch(/exists already/);
  });

  it('restores into a new folder given the key file: same rows, chain valid, keys open', async () => {
    const keyFile = path.join(temp, 'kept.key');
    fs.writeFileSync(keyFile, masterKey.toString('hex'), { mode: 0o600 });
    const dir = path.join(temp, 'restored-folder');
    const result = await admin(['restore', file, '--master-key-file', keyFile], dir);
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(result.lines.join('\n')).toMatch(/audit chain valid \(\d+ events\)/);
    expect(fs.readFileSync(path.join(dir, 'master.key'), 'utf8').trim()).toBe(
      masterKey.toString('hex'),
    );
    await expectSameAsSource({ dataDir: dir });
    const verify = await admin(['audit-verify'], dir);
    expect(verify.lines[0]).toMatch(/^Audit chain is valid: \d+ events\.$/);
    // The sequences went with the rows: a new audited write continues the chain.
    const invite = await admin(
      ['invite', '--email', 'after@acme.test', '--company', 'ACME', '--role', 'erk-user'],
      dir,
    );
    expect(invite.ok, invite.lines.join('\n')).toBe(true);
    expect((await admin(['audit-verify'], dir)).ok).toBe(true);
  });

  it('refuses a folder that is not empty, a wrong key, no key, and a damaged file', async () => {
    const busy = await admin(['restore', file], sourceDir).catch((e: Error) => e.message);
    expect(String(busy)).toMatch(/is not empty/);
    const wrong = crypto.randomBytes(32).toString('hex');
    const other = path.join(temp, 'wrong-key');
    const refused = await admin(['restore', file], other, { MASTER_KEY: wrong }).catch(
      (e: Error) => e.message,
    );
    expect(String(refused)).toMatch(/is not the one the backup was made under/);
    const none = await admin(['restore', file], other).catch((e: Error) => e.message);
    expect(String(none)).toMatch(/Give the master key/);
    expect(fs.existsSync(path.join(other, 'pgdata'))).toBe(false);

    // Cut short: nothing is restored, the folder is left empty for another try.
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const cut = path.join(temp, 'cut.tkcb');
    fs.writeFileSync(cut, zlib.gzipSync(lines.slice(0, -3).join('\n')));
    const dir = path.join(temp, 'cut-folder');
    const key = { MASTER_KEY: masterKey.toString('hex') };
    const failed = await admin(['restore', cut], dir, key).catch((e: Error) => e.message);
    expect(String(failed)).toMatch(/incomplete/);
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
    // A changed row: the digest catches it.
    const forged = path.join(temp, 'forged.tkcb');
    const changed = lines.map((l) => l.replace('"Acme Terminals"', '"Evil Terminals"'));
    fs.writeFileSync(forged, zlib.gzipSync(changed.join('\n')));
    const caught = await admin(['restore', forged], dir, key).catch((e: Error) => e.message);
    expect(String(caught)).toMatch(/digest does not match/);
  });

  it('backs up through the server that holds the folder, and that copy restores too', async () => {
    const server = await startServerProcess({
      dataDir: sourceDir,
      env: { LOG_LEVEL: 'warn' },
    });
    const viaServer = path.join(temp, 'via-server.tkcb');
    try {
      const result = await admin(['backup', viaServer], sourceDir);
      expect(result.ok, result.lines.join('\n')).toBe(true);
      expect(result.lines[0]).toContain('(pglite, one snapshot)');
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // What the server itself wrote while it ran (its start-up, the recurring job) is in both.
    sourceRows = await withDatabase({ dataDir: sourceDir }, (d) => dumpRows(d.db));
    const dir = path.join(temp, 'restored-from-server');
    const result = await admin(['restore', viaServer], dir, {
      MASTER_KEY: masterKey.toString('hex'),
    });
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(fs.existsSync(path.join(dir, 'master.key'))).toBe(false);
    await expectSameAsSource({ dataDir: dir });
  }, 120_000);

  it('restores a backup of an older schema, then applies the later migrations', async () => {
    const all = buildMigrations();
    const older = migrationsUpTo(all.length - 1);
    const old = await openDatabase({ dataDir: 'memory://' });
    const oldFile = path.join(temp, 'old-schema.tkcb');
    try {
      await old.migrate({ migrationsFolder: older.folder });
      await old.db.insert(companies).values({ code: 'OLD', name: 'Old Schema Ltd' });
      await backupDatabase(old, box, oldFile);
    } finally {
      older.remove();
      await old.close();
    }
    const header = JSON.parse((await firstLineOf(oldFile)).slice(1));
    expect(header.migrations).toHaveLength(all.length - 1);
    const dir = path.join(temp, 'restored-old-schema');
    const result = await admin(['restore', oldFile], dir, {
      MASTER_KEY: masterKey.toString('hex'),
    });
    expect(result.ok, result.lines.join('\n')).toBe(true);
    await withDatabase({ dataDir: dir }, async (d) => {
      expect((await appliedMigrations(d.db)).map((m) => m.hash)).toEqual(all.map((m) => m.hash));
      expect(await d.db.select({ code: companies.code }).from(companies)).toEqual([
        { code: 'OLD' },
      ]);
    });
  });

  it.runIf(onPostgres)(
    'restores into a new PostgreSQL database; refuses one that is not empty',
    async () => {
      const target = await freshServerDatabase();
      drops.push(target.drop);
      const key = { MASTER_KEY: masterKey.toString('hex') };
      const onServer = { ...key, DATABASE_URL: target.url! };
      const result = await admin(['restore', file], temp, onServer);
      expect(result.ok, result.lines.join('\n')).toBe(true);
      // The source folder has since been written by a server: compare with the backup's moment.
      const fromFile = path.join(temp, 'check-folder');
      expect((await admin(['restore', file], fromFile, key)).ok).toBe(true);
      const expected = await withDatabase({ dataDir: fromFile }, (d) => dumpRows(d.db));
      const actual = await withDatabase({ url: target.url }, (d) => dumpRows(d.db));
      expect(actual).toEqual(expected);
      const verify = await admin(['audit-verify'], temp, onServer);
      expect(verify.ok, verify.lines.join('\n')).toBe(true);
      const again = await admin(['restore', file], temp, onServer).catch((e: Error) => e.message);
      expect(String(again)).toMatch(/The target is not empty/);
      postgresUrl = target.url!;
    },
    120_000,
  );

  it.runIf(onPostgres)(
    'backs up PostgreSQL online from one snapshot while invitations are being written',
    async () => {
      const onServer = { MASTER_KEY: masterKey.toString('hex'), DATABASE_URL: postgresUrl };
      const writer = await openDatabase({ databaseUrl: postgresUrl, poolSize: 2 });
      const [last] = await writer.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .orderBy(desc(auditEvents.id))
        .limit(1);
      const lastEventId = last!.id;
      let isWriting = true;
      let written = 0;
      const writing = (async () => {
        const deps = {
          db: writer.db,
          mailer: { send: async () => {}, close: async () => {} },
          clock: () => new Date(),
          publicUrl: 'http://console.test',
        };
        while (isWriting) {
          await createInvitation(deps, {
            email: `load${written}@acme.test`,
            companyCode: 'ACME',
            roles: ['erk-user'],
          });
          written += 1;
        }
      })();
      const files: string[] = [];
      try {
        while (written < 2) await new Promise((r) => setTimeout(r, 20));
        for (let i = 0; i < 4; i += 1) {
          files.push(path.join(temp, `online-${i}.tkcb`));
          const result = await admin(['backup', files[i]!], temp, onServer);
          expect(result.ok, result.lines.join('\n')).toBe(true);
          expect(result.lines[0]).toContain('(postgres, one snapshot)');
        }
      } finally {
        isWriting = false;
        await writing;
        await writer.close();
      }
      // Each invitation and its audit event commit together: a snapshot holds both or neither.
      const seen = new Set<number>();
      for (const file of files) {
        const { invited, events } = invitationsIn(file, lastEventId);
        expect(invited.length).toBeGreaterThan(0);
        expect(events).toEqual(invited);
        seen.add(invited.length);
      }
      // The writes went on during the backups (each saw a different number).
      expect(seen.size).toBeGreaterThan(1);
      // One of them restored: the check after the restore passes.
      const dir = path.join(temp, 'restored-online');
      const result = await admin(['restore', files[3]!], dir, { MASTER_KEY: onServer.MASTER_KEY });
      expect(result.ok, result.lines.join('\n')).toBe(true);
    },
    180_000,
  );
});

/** The load invitations of a backup file, and the invitation events after `afterId`, as ids. */
function invitationsIn(file: string, afterId: number) {
  let table = '';
  const invited: string[] = [];
  const events: string[] = [];
  for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')) {
    if (line.startsWith('#')) {
      table = (JSON.parse(line.slice(1)) as { name?: string }).name ?? table;
    } else if (table === 'invitations') {
      const row = JSON.parse(line) as { id: string; email: string };
      if (row.email.startsWith('load')) invited.push(`invitation:${row.id}`);
    } else if (table === 'audit_events') {
      const row = JSON.parse(line) as { id: number; action: string; target: string };
      if (row.id > afterId && row.action === 'invitation.create') events.push(row.target);
    }
  }
  return { invited: invited.sort(), events: events.sort() };
}
