import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION } from '@tkc/contracts/constants';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, type DbOrTx, migrationsFolder } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { verifyAuditChain } from '../audit/audit-service';
import {
  appliedMigrations,
  type Migration,
  openEverySealedValue,
  readSequences,
  tableCounts,
} from './backup-catalog';
import { readBackupFile, writeBackupFile } from './backup-file';
import { type BackupHeader, exportLines, type ImportSummary, importLines } from './backup-stream';

// Backup, restore and the move from PGlite to a PostgreSQL server share this code
// (docs/operations.md#backup): one snapshot read, one insert transaction, one check.

/**
 * Runs `work` on a consistent snapshot of `database`: one REPEATABLE READ, read-only transaction
 * (on PGlite, whose one connection the transaction holds, writes wait for it).
 */
function onSnapshot<T>(database: Database, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return database.db.transaction(work, {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** What a backup records of its source, the master key's id included when the key opens it. */
async function headerOf(
  tx: DbOrTx,
  database: Database,
  box: SecretBox,
): Promise<Omit<BackupHeader, 'kind' | 'format' | 'version'> & { warning?: string }> {
  const probe = await openEverySealedValue(tx, (v) => box.open(v), 1);
  const isKeyRight = probe.failed.length === 0;
  return {
    createdAt: new Date().toISOString(),
    database: database.kind,
    appVersion: APP_VERSION,
    migrations: await appliedMigrations(tx),
    masterKeyId: isKeyRight ? box.keyId : null,
    ...(isKeyRight
      ? {}
      : { warning: 'The master key in use does not open the sealed values of this database.' }),
  };
}

export type BackupResult = {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  warning?: string;
};

/** Writes a backup of `database` to `file` (online: from one snapshot). */
export async function backupDatabase(
  database: Database,
  box: SecretBox,
  file: string,
): Promise<BackupResult> {
  return onSnapshot(database, async (tx) => {
    const { warning, ...header } = await headerOf(tx, database, box);
    const counts = await tableCounts(tx);
    const bytes = await writeBackupFile(file, exportLines(tx, header));
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    return { file, bytes, tables: Object.keys(counts).length, rows, warning };
  });
}

/** This build's migrations, oldest first. */
export const buildMigrations = (): Migration[] =>
  readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => ({
    hash: m.hash,
    createdAt: m.folderMillis,
  }));

const isPrefix = (short: Migration[], long: Migration[]) =>
  short.length <= long.length &&
  short.every((m, i) => m.createdAt === long[i]!.createdAt && m.hash === long[i]!.hash);

/**
 * A folder holding this build's first `count` migrations only: the target is brought to the
 * backup's own schema, the rows go in, then the remaining migrations run as in an upgrade.
 */
export function migrationsUpTo(count: number): { folder: string; remove: () => void } {
  const source = migrationsFolder();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    fs.copyFileSync(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Refuses a target that holds any row; answers the tables that do. */
async function nonEmptyTables(db: DbOrTx): Promise<string[]> {
  const counts = await tableCounts(db);
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name} (${n})`);
}

export type RestoreReport = ImportSummary & { lines: string[] };

/**
 * Fills an empty `target` from backup lines: migrations up to the backup's, the rows in one
 * transaction, the remaining migrations, then the check (`checkCopy`).
 */
async function restoreLines(
  target: Database,
  header: BackupHeader,
  lines: () => AsyncIterable<string>,
  box: SecretBox,
): Promise<RestoreReport> {
  const mine = buildMigrations();
  if (!isPrefix(header.migrations, mine)) {
    throw new Error(
      `The backup's schema (${header.migrations.length} migrations, version ${header.appVersion}) is not one this version (${APP_VERSION}, ${mine.length} migrations) can restore: use the version that made it or a later one.`,
    );
  }
  const applied = await appliedMigrations(target.db);
  if (!isPrefix(applied, header.migrations)) {
    throw new Error(
      `The target's schema is newer than the backup's (${applied.length} migrations applied, the backup has ${header.migrations.length}): restore into a new, empty database.`,
    );
  }
  const partial =
    header.migrations.length < mine.length ? migrationsUpTo(header.migrations.length) : undefined;
  try {
    await target.migrate({ migrationsFolder: partial?.folder });
  } finally {
    partial?.remove();
  }
  const busy = await nonEmptyTables(target.db);
  if (busy.length > 0) {
    throw new Error(`The target is not empty: ${busy.join(', ')}. Restore into an empty one.`);
  }
  const summary = await target.db.transaction((tx) => importLines(tx, lines()));
  await target.migrate();
  const check = await checkCopy(target, box, summary.perTable);
  return { ...summary, lines: check };
}

/**
 * After a restore or a move: rows per table as expected, the audit chain whole, every sealed
 * value opening under the master key. Throws naming what does not hold; else answers the lines
 * to print.
 */
async function checkCopy(
  target: Database,
  box: SecretBox,
  expected: Record<string, number>,
): Promise<string[]> {
  const counts = await tableCounts(target.db);
  const wrong = Object.entries(expected).filter(([name, n]) => counts[name] !== n);
  if (wrong.length > 0) {
    throw new Error(
      `Row counts differ: ${wrong.map(([name, n]) => `${name} ${counts[name]} of ${n}`).join(', ')}.`,
    );
  }
  const chain = await verifyAuditChain(target.db);
  if (!chain.isValid) {
    throw new Error(`The audit chain is broken at event ${chain.brokenId}: ${chain.reason}.`);
  }
  const sealed = await openEverySealedValue(target.db, (v) => box.open(v));
  if (sealed.failed.length > 0) {
    throw new Error(
      `${sealed.failed.length} sealed values do not open under this master key (${[...new Set(sealed.failed)].join(', ')}).`,
    );
  }
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  return [
    `Checked: ${Object.keys(counts).length} tables, ${rows} rows as in the source; audit chain valid (${chain.count} events); ${sealed.opened} sealed values open under the master key.`,
  ];
}

/** Restores `file` into an empty `target`. */
export async function restoreFile(
  target: Database,
  header: BackupHeader,
  file: string,
  box: SecretBox,
): Promise<RestoreReport> {
  return restoreLines(target, header, () => readBackupFile(file), box);
}

/**
 * Copies `source` (a stopped PGlite folder, already migrated to this build) into an empty
 * `target`, straight from one snapshot to one insert transaction; then checks the copy, the
 * sequences included.
 */
export async function copyDatabase(
  source: Database,
  target: Database,
  box: SecretBox,
): Promise<RestoreReport> {
  return onSnapshot(source, async (tx) => {
    const { warning, ...header } = await headerOf(tx, source, box);
    if (warning) throw new Error(warning);
    const full = { kind: 'header' as const, format: 'tkc-backup' as const, version: 1, ...header };
    const report = await restoreLines(target, full, () => exportLines(tx, header), box);
    const [from, to] = [await readSequences(tx), await readSequences(target.db)];
    const drift = Object.keys(from).filter(
      (name) => from[name]!.last !== to[name]?.last || from[name]!.isCalled !== to[name]?.isCalled,
    );
    if (drift.length > 0) throw new Error(`Sequences differ: ${drift.join(', ')}.`);
    return report;
  });
}
