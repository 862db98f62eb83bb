import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/db/client';

/**
 * Row count of every table of the public schema, and the newest audit event's id: two snapshots
 * equal means a request wrote nothing (rate-limit counters aside, which count attempts by design).
 */
export async function snapshotTables(
  db: Db,
  options: { ignore?: readonly string[] } = {},
): Promise<Record<string, number>> {
  const ignore = new Set(['rate_limits', ...(options.ignore ?? [])]);
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (ignore.has(name)) continue;
    const [row] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ${sql.identifier(name)}`,
    );
    counts[name] = Number(row!.n);
  }
  const [last] = await queryRows<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from audit_events`,
  );
  counts['audit_events.max_id'] = Number(last!.id ?? 0);
  return counts;
}
