import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { findRepoRoot } from '../lib/paths';
import { withBeforeCommit } from './before-commit';
import { createStatementNamer, namedStatementClient } from './named-statements';
import * as coreSchema from './schema';
import * as capSchema from './schema-cap';
import * as crtSchema from './schema-crt';
import * as platformSchema from './schema-platform';
import * as signerSchema from './schema-signer';

const schema = { ...coreSchema, ...platformSchema, ...signerSchema, ...capSchema, ...crtSchema };

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Data access takes either the database or a transaction, so callers decide the boundary. */
export type DbOrTx = Db | Tx;

/** Whether `error` (or its cause, as Drizzle wraps it) broke the unique index `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (pgError.code === '23505') {
      return pgError.constraint === constraint || String(pgError.message).includes(constraint);
    }
  }
  return false;
}

/** The rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type MigrateOptions = {
  /** Another folder of migrations (a backup's restore stops at the backup's own level). */
  migrationsFolder?: string;
  /** Called once when another node holds the migrations lock and this one waits for it. */
  onWait?: () => void;
};

/** Pool use of a PostgreSQL server's connections (none on PGlite: one in-process connection). */
type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations not yet applied. On a server, under a session advisory lock: one
   * node migrates while the others wait, then find nothing left to do (docs/operations.md#upgrades).
   */
  migrate(options?: MigrateOptions): Promise<void>;
  poolStats(): PoolStats | null;
  /**
   * LISTEN on a channel; `onLost` runs if the listening connection breaks (then nothing more
   * arrives). Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (what `loadDataDir` takes back). */
  dump?: () => Promise<Blob>;
};

export const migrationsFolder = () => path.join(findRepoRoot(), 'apps/server/drizzle');

/** The advisory lock key the nodes take around migrations (any fixed bigint of ours). */
export const MIGRATIONS_LOCK_KEY = 7_305_020_251_113;

async function migrateUnderLock(pool: pg.Pool, options: MigrateOptions): Promise<void> {
  const client = await pool.connect();
  try {
    const [first] = (
      await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        MIGRATIONS_LOCK_KEY,
      ])
    ).rows;
    if (!first?.ok) {
      options.onWait?.();
      await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    }
    try {
      // On the locked connection itself: its transaction and the lock are one session's.
      await migrateNodePg(drizzleNodePg(client), {
        migrationsFolder: options.migrationsFolder ?? migrationsFolder(),
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite under `dataDir` (or in memory with 'memory://') when no URL is given, else a PostgreSQL
 * server. One SQL dialect and one migration set serve both.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this dump of a data folder (tests: a migrated copy, no initdb). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Repeated queries as named statements (docs/architecture.md#named-statements).
      Client: namedStatementClient(createStatementNamer()),
    });
    // An idle connection dropped by the server is replaced on next use; it must not crash the process.
    pool.on('error', () => {});
    const db = withBeforeCommit(drizzleNodePg(pool, { schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      migrate: (migrateOptions = {}) => migrateUnderLock(pool, migrateOptions),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      async listen(channel, onMessage, onLost) {
        // A connection of its own: pooled ones are shared and would drop the LISTEN.
        const client = new pg.Client({ connectionString: options.databaseUrl });
        let isStopped = false;
        client.on('notification', (n) => {
          if (n.channel === channel) onMessage(n.payload ?? '');
        });
        const lost = () => {
          if (!isStopped) onLost();
          isStopped = true;
        };
        client.on('error', lost);
        client.on('end', lost);
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          isStopped = true;
          await client.end();
        };
      },
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  // pg_trgm backs keyword search (migration 0003), as it does on a server.
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  }).catch((error: unknown) => {
    throw new Error(
      `The embedded database in ${dir} could not be opened (${error instanceof Error ? error.message : String(error)}). ` +
        'If the server was stopped while writing, restore the latest backup into an empty folder: ' +
        'npm run admin -- restore FILE (docs/operations.md#backup).',
    );
  });
  const db = withBeforeCommit(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: (migrateOptions = {}) =>
      migratePglite(drizzlePglite(client), {
        migrationsFolder: migrateOptions.migrationsFolder ?? migrationsFolder(),
      }),
    poolStats: () => null,
    // In-process: the one connection is the listener, and it cannot be lost on its own.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}
