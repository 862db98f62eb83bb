import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { findRepoRoot } from '../../lib/paths';

/** How many migrations this build ships (drizzle's journal). */
export function shippedMigrationCount(): number {
  const journal = path.join(findRepoRoot(), 'apps/server/drizzle/meta/_journal.json');
  return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** How many migrations the database has applied (0 when it has none yet). */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.n ?? 0);
}
