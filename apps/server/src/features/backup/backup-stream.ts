import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  type Migration,
  readSequences,
  type SequenceState,
  tablesInDependencyOrder,
  writeSequences,
} from './backup-catalog';

// The backup format (docs/operations.md#backup-format): text lines, gzipped in a file. A row is
// one line, PostgreSQL's own `row_to_json` of it, written and read back without being parsed in
// between (so no number, date or byte loses anything on the way); a line starting with `#` is a
// control record (header, a table's start and end, the sequences, the closing digest). Tables
// come parents first, so a restore inserts them in that order with every foreign key checked.

const FORMAT = 'tkc-backup';
const FORMAT_VERSION = 1;

export type BackupHeader = {
  kind: 'header';
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  appVersion: string;
  /** The migrations the source had applied: a restore brings the target to the same point. */
  migrations: Migration[];
  /** The master key's id (never the key); null when the key at hand did not open a sealed value. */
  masterKeyId: string | null;
};

type Control =
  | BackupHeader
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'end'; name: string; rows: number }
  | { kind: 'sequences'; sequences: Record<string, SequenceState> }
  | { kind: 'done'; tables: number; rows: number; sha256: string };

const control = (record: Control) => `#${JSON.stringify(record)}`;

function parseControl(line: string): Control {
  if (!line.startsWith('#')) throw new Error('not a control line');
  return JSON.parse(line.slice(1)) as Control;
}

/** Rows fetched per round trip: few where a row may hold a 1 MiB chunk of a file. */
const fetchSize = (hasBytes: boolean) => (hasBytes ? 4 : 1000);

/**
 * Every row of every table, inside the caller's transaction (a snapshot: REPEATABLE READ on a
 * server), header first and digest last.
 */
export async function* exportLines(
  tx: DbOrTx,
  header: Omit<BackupHeader, 'kind' | 'format' | 'version'>,
): AsyncGenerator<string> {
  const digest = crypto.createHash('sha256');
  const emit = (line: string) => {
    digest.update(`${line}\n`);
    return line;
  };
  await tx.execute(sql`set local timezone = 'UTC'`);
  yield emit(control({ kind: 'header', format: FORMAT, version: FORMAT_VERSION, ...header }));
  const tables = await tablesInDependencyOrder(tx);
  let total = 0;
  for (const table of tables) {
    yield emit(control({ kind: 'table', name: table.name, columns: table.columns }));
    await tx.execute(
      sql`declare tkc_backup no scroll cursor for
          select row_to_json(t)::text as j from ${sql.identifier(table.name)} t`,
    );
    const size = fetchSize(table.hasBytes);
    let rows = 0;
    for (;;) {
      const batch = await queryRows<{ j: string }>(tx, sql.raw(`fetch ${size} from tkc_backup`));
      for (const row of batch) yield emit(row.j);
      rows += batch.length;
      if (batch.length < size) break;
    }
    await tx.execute(sql`close tkc_backup`);
    total += rows;
    yield emit(control({ kind: 'end', name: table.name, rows }));
  }
  yield emit(control({ kind: 'sequences', sequences: await readSequences(tx) }));
  yield control({ kind: 'done', tables: tables.length, rows: total, sha256: digest.digest('hex') });
}

export type ImportSummary = {
  header: BackupHeader;
  tables: number;
  rows: number;
  perTable: Record<string, number>;
};

/** Rows per insert, and bytes: a batch of file chunks stays near 8 MB. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Inserts a backup's rows inside the caller's transaction, table by table, and sets the
 * sequences; throws (so the caller's transaction rolls back) on a file that is not a backup,
 * is cut short, or whose digest or counts do not match.
 */
export async function importLines(
  tx: DbOrTx,
  lines: AsyncIterable<string>,
): Promise<ImportSummary> {
  const digest = crypto.createHash('sha256');
  await tx.execute(sql`set local timezone = 'UTC'`);
  const targetTables = new Map((await tablesInDependencyOrder(tx)).map((t) => [t.name, t]));
  let header: BackupHeader | undefined;
  let table: { name: string; columns: string[]; rows: number } | undefined;
  let batch: string[] = [];
  let batchBytes = 0;
  const perTable: Record<string, number> = {};
  let total = 0;

  const flush = async () => {
    if (!table || batch.length === 0) return;
    const columns = sql.join(
      table.columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${sql.identifier(table.name)} (${columns})
          select ${columns} from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${batch.join(',')}]`}::json)`,
    );
    batch = [];
    batchBytes = 0;
  };

  for await (const line of lines) {
    if (line === '') continue;
    if (!header) {
      header = checkHeader(line);
      digest.update(`${line}\n`);
      continue;
    }
    if (!line.startsWith('#')) {
      if (!table) throw new Error('Backup file is damaged: a row outside any table.');
      digest.update(`${line}\n`);
      batch.push(line);
      batchBytes += line.length;
      table.rows += 1;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
      continue;
    }
    const record = parseControl(line);
    if (record.kind !== 'done') digest.update(`${line}\n`);
    if (record.kind === 'table') {
      const target = targetTables.get(record.name);
      if (!target) throw new Error(`The target database has no table ${record.name}.`);
      const missing = record.columns.filter((c) => !target.columns.includes(c));
      if (missing.length > 0) {
        throw new Error(`The target's table ${record.name} lacks columns ${missing.join(', ')}.`);
      }
      table = { name: record.name, columns: record.columns, rows: 0 };
    } else if (record.kind === 'end') {
      await flush();
      if (!table || table.name !== record.name || table.rows !== record.rows) {
        throw new Error(`Backup file is damaged: table ${record.name} does not hold its rows.`);
      }
      perTable[table.name] = table.rows;
      total += table.rows;
      table = undefined;
    } else if (record.kind === 'sequences') {
      await writeSequences(tx, record.sequences);
    } else if (record.kind === 'done') {
      if (record.sha256 !== digest.digest('hex') || record.rows !== total) {
        throw new Error('Backup file is damaged: its digest does not match its content.');
      }
      return { header, tables: Object.keys(perTable).length, rows: total, perTable };
    } else {
      throw new Error('Backup file is damaged: a second header.');
    }
  }
  throw new Error('Backup file is incomplete: it ends before its closing record.');
}

/** The header line, checked: a backup of this format and a version this build reads. */
export function checkHeader(line: string): BackupHeader {
  let record: Control | undefined;
  try {
    record = parseControl(line);
  } catch {
    record = undefined;
  }
  if (record?.kind !== 'header' || record.format !== FORMAT) {
    throw new Error('Not a Terminal Key Console backup file.');
  }
  if (record.version !== FORMAT_VERSION) {
    throw new Error(`Backup format version ${record.version} is not supported by this version.`);
  }
  return record;
}
