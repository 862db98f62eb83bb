import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// What a backup, a restore and a move to PostgreSQL read from the database's own catalogue
// (docs/operations.md#backup): the tables of the public schema in an order that satisfies every
// foreign key, their columns, the sequences, and the columns that hold values sealed under the
// master key. Read from the catalogue rather than listed by hand, so a table a later migration
// adds is carried without anyone remembering to add it here.

export type TableInfo = { name: string; columns: string[]; hasBytes: boolean };

/** Every table of the public schema, parents before children (foreign keys). */
export async function tablesInDependencyOrder(db: DbOrTx): Promise<TableInfo[]> {
  const columns = await queryRows<{ table: string; column: string; type: string }>(
    db,
    sql`select c.table_name as "table", c.column_name as "column", c.data_type as type
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select distinct cl.relname as child, pl.relname as parent
        from pg_constraint k
        join pg_class cl on cl.oid = k.conrelid
        join pg_class pl on pl.oid = k.confrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    const table = tables.get(c.table) ?? { name: c.table, columns: [], hasBytes: false };
    table.columns.push(c.column);
    if (c.type === 'bytea') table.hasBytes = true;
    tables.set(c.table, table);
  }
  return topologicalOrder(
    [...tables.values()],
    edges.filter((e) => e.child !== e.parent),
  );
}

/** Kahn's algorithm, ties broken by name so the order is stable; a cycle is refused. */
function topologicalOrder(
  tables: TableInfo[],
  edges: { child: string; parent: string }[],
): TableInfo[] {
  const waiting = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) waiting.get(e.child)?.add(e.parent);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const order: TableInfo[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([, parents]) => parents.size === 0).map(([name]) => name);
    if (ready.length === 0) {
      throw new Error(`Foreign keys form a cycle among: ${[...waiting.keys()].sort().join(', ')}`);
    }
    for (const name of ready.sort()) {
      order.push(byName.get(name)!);
      waiting.delete(name);
      for (const parents of waiting.values()) parents.delete(name);
    }
  }
  return order;
}

/** Rows per table of the public schema. */
export async function tableCounts(db: DbOrTx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInDependencyOrder(db)) {
    const [row] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ${sql.identifier(table.name)}`,
    );
    counts[table.name] = Number(row!.n);
  }
  return counts;
}

export type SequenceState = { last: string | null; isCalled: boolean };

/** Each sequence of the public schema and where it stands. */
export async function readSequences(db: DbOrTx): Promise<Record<string, SequenceState>> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
        where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace order by c.relname`,
  );
  const out: Record<string, SequenceState> = {};
  for (const { name } of names) {
    const [row] = await queryRows<{ last: string; called: boolean }>(
      db,
      sql`select last_value::text as last, is_called as called from ${sql.identifier(name)}`,
    );
    out[name] = { last: row!.last, isCalled: row!.called };
  }
  return out;
}

export async function writeSequences(
  db: DbOrTx,
  sequences: Record<string, SequenceState>,
): Promise<void> {
  for (const [name, state] of Object.entries(sequences)) {
    if (state.last === null) continue;
    await db.execute(
      sql`select setval(${`public.${quoteIdent(name)}`}::regclass, ${state.last}::bigint, ${state.isCalled})`,
    );
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type Migration = { hash: string; createdAt: number };

/** The migrations applied to this database, oldest first (Drizzle's own table). */
export async function appliedMigrations(db: DbOrTx): Promise<Migration[]> {
  const [exists] = await queryRows<{ ok: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists?.ok) return [];
  const rows = await queryRows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/** Columns holding values sealed under the master key: `*_enc`, and a job's `sealed` part. */
async function sealedColumns(db: DbOrTx): Promise<{ table: string; column: string }[]> {
  return queryRows(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and data_type = 'text'
          and (column_name like '%\\_enc' or column_name = 'sealed')
        order by table_name, column_name`,
  );
}

/** Opens every sealed value; answers how many opened and which did not. */
export async function openEverySealedValue(
  db: DbOrTx,
  open: (sealed: string) => string,
  limit = Number.POSITIVE_INFINITY,
): Promise<{ opened: number; failed: string[] }> {
  let opened = 0;
  const failed: string[] = [];
  for (const { table, column } of await sealedColumns(db)) {
    const rows = await queryRows<{ v: string }>(
      db,
      sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)}
          where ${sql.identifier(column)} is not null`,
    );
    for (const { v } of rows) {
      if (opened + failed.length >= limit) return { opened, failed };
      try {
        open(v);
        opened += 1;
      } catch {
        failed.push(`${table}.${column}`);
      }
    }
  }
  return { opened, failed };
}
