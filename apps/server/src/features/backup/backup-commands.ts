import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { createSecretBox, type SecretBox } from '../../lib/crypto';
import { DataDirBusyError, lockDataDir, lockHolder, secureDataDir } from '../../lib/data-dir';
import { loadMasterKey } from '../../lib/master-key';
import { openRuntime } from '../../runtime';
import { firstLineOf } from './backup-file';
import { backupDatabase, copyDatabase, type RestoreReport, restoreFile } from './backup-service';
import { type BackupHeader, checkHeader } from './backup-stream';

// `npm run admin -- backup | restore | migrate` (docs/operations.md#backup). A backup runs where
// the other admin commands run (inside the server that holds a PGlite folder, else on its own
// runtime); a restore and a move to PostgreSQL write a new database and run only here, in the
// admin process, never inside a server.

type Result = { ok: boolean; lines: string[] };

const KEY_ADVICE =
  'The master key is not in any backup: keep it apart from the backups (docs/operations.md#master-key).';

export async function runBackup(
  args: string[],
  ctx: { database: Database; box: SecretBox },
): Promise<Result> {
  const [file] = args;
  if (!file) return { ok: false, lines: ['Usage: npm run admin -- backup FILE'] };
  const done = await backupDatabase(ctx.database, ctx.box, file);
  return {
    ok: true,
    lines: [
      `Backup written to ${done.file}: ${done.tables} tables, ${done.rows} rows, ${done.bytes} bytes (${ctx.database.kind}, one snapshot).`,
      ...(done.warning ? [`Warning: ${done.warning}`] : []),
      KEY_ADVICE,
    ],
  };
}

/** URL with its password hidden, for printing. */
const shownUrl = (url: string) => url.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');

const keyFromFile = (file: string) => {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} does not hold a master key.`);
  return text.toLowerCase();
};

/**
 * The master key a restore must be given (MASTER_KEY, --master-key-file, or the folder's
 * master.key), checked against the backup's key id.
 */
function restoreKey(
  config: Config,
  header: BackupHeader,
  keyFile: string | undefined,
): { box: SecretBox; hex?: string; warning?: string } {
  const existing = path.join(config.dataDir, 'master.key');
  let key: Buffer;
  let hex: string | undefined;
  if (config.masterKey) key = loadMasterKey({ masterKey: config.masterKey, dataDir: '' });
  else if (keyFile) {
    hex = keyFromFile(keyFile);
    key = Buffer.from(hex, 'hex');
  } else if (fs.existsSync(existing)) key = Buffer.from(keyFromFile(existing), 'hex');
  else {
    throw new Error(
      'Give the master key the backup was made under: MASTER_KEY, or --master-key-file PATH. A backup never holds it.',
    );
  }
  const box = createSecretBox(key);
  if (header.masterKeyId && header.masterKeyId !== box.keyId) {
    throw new Error(
      `This master key (id ${box.keyId}) is not the one the backup was made under (id ${header.masterKeyId}): its sealed keys would not open.`,
    );
  }
  const warning = header.masterKeyId
    ? undefined
    : 'The backup does not name its master key: sealed values are checked after the restore.';
  return { box, hex, warning };
}

const reportLines = (report: RestoreReport, where: string) => [
  `Restored ${report.rows} rows of ${report.tables} tables into ${where} (backup of ${report.header.createdAt}, version ${report.header.appVersion}).`,
  ...report.lines,
];

/** Only files the admin might have put there first: the key, a stale lock. */
const isEmptyFolder = (dir: string) =>
  !fs.existsSync(dir) || fs.readdirSync(dir).every((n) => n === 'master.key' || n === 'lock');

export async function runRestore(args: string[], config: Config): Promise<Result> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'master-key-file': { type: 'string' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) {
    return {
      ok: false,
      lines: ['Usage: npm run admin -- restore FILE [--master-key-file PATH]'],
    };
  }
  const header = checkHeader(await firstLineOf(file));
  const { box, hex, warning } = restoreKey(config, header, values['master-key-file']);
  const notes = warning ? [`Warning: ${warning}`] : [];
  if (config.databaseUrl) {
    const target = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    try {
      const report = await restoreFile(target, header, file, box);
      return { ok: true, lines: [...notes, ...reportLines(report, shownUrl(config.databaseUrl))] };
    } finally {
      await target.close();
    }
  }
  const dir = config.dataDir;
  const holder = lockHolder(dir);
  if (holder) throw new DataDirBusyError(dir, holder);
  if (!isEmptyFolder(dir)) {
    throw new Error(`The data folder ${dir} is not empty: restore into a new or empty folder.`);
  }
  process.umask(0o077);
  const release = lockDataDir(dir, 'admin');
  const keyFile = path.join(dir, 'master.key');
  const isKeyWritten = !config.masterKey && hex !== undefined && !fs.existsSync(keyFile);
  if (isKeyWritten) fs.writeFileSync(keyFile, `${hex}\n`, { mode: 0o600, flag: 'wx' });
  const pgdata = path.join(dir, 'pgdata');
  let target: Database | undefined;
  try {
    target = await openDatabase({ dataDir: pgdata });
    const report = await restoreFile(target, header, file, box);
    return { ok: true, lines: [...notes, ...reportLines(report, dir)] };
  } catch (error) {
    await target?.close();
    target = undefined;
    // A failed restore leaves the folder as it found it.
    fs.rmSync(pgdata, { recursive: true, force: true });
    if (isKeyWritten) fs.rmSync(keyFile, { force: true });
    throw error;
  } finally {
    await target?.close();
    secureDataDir(dir);
    release();
  }
}

export async function runMigrate(args: string[], config: Config): Promise<Result> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  const to = values.to;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    return { ok: false, lines: ['Usage: npm run admin -- migrate --to postgres://...'] };
  }
  if (config.databaseUrl) {
    return {
      ok: false,
      lines: [
        'migrate copies the embedded database of DATA_DIR: run it without DATABASE_URL (the target is --to).',
      ],
    };
  }
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    return { ok: false, lines: [`No embedded database in ${config.dataDir}.`] };
  }
  // Takes the folder's lock: refused while a server runs on it (stop it first).
  const source = await openRuntime(config, 'admin');
  try {
    const target = await openDatabase({ databaseUrl: to, poolSize: 2 });
    try {
      const report = await copyDatabase(source.database, target, source.box);
      return {
        ok: true,
        lines: [
          `Copied ${report.rows} rows of ${report.tables} tables from ${config.dataDir} to ${shownUrl(to)}; sequences set.`,
          ...report.lines,
          "Next: start every node with DATABASE_URL set to the target and MASTER_KEY set to this folder's master.key (docs/operations.md#several-nodes). Keep the folder until the nodes run.",
        ],
      };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
