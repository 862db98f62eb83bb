import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from './client';

// Rows per company of the big lists, kept by the triggers of migration 0013 (docs/list-queries.md):
// a list page sums a few delta rows instead of counting a million.

export type CountedTable = 'users' | 'invitations' | 'audit_events' | 'company_serial_numbers';

/**
 * Rows without a company (platform-wide audit events) are counted under this id (migration 0013),
 * and only in the count of every company, as a company filter never matches them.
 */
const NO_COMPANY = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** Past this many delta rows for a table, a reader folds them into one per company. */
const FOLD_AT = 500;

/**
 * Rows of `table` (invitations: those neither used nor withdrawn; several tables: their sum), in
 * every company (`companyIds` undefined) or only in `companyIds`.
 */
export async function countedRows(
  db: DbOrTx,
  table: CountedTable | CountedTable[],
  companyIds?: readonly string[],
): Promise<number> {
  const tables = Array.isArray(table) ? table : [table];
  const onlyCompanies = companyIds
    ? sql`and company_id in ${companyIds.length ? companyIds : [NO_COMPANY]} and company_id <> ${NO_COMPANY}`
    : sql``;
  // One query for several tables (the users list sums users and open invitations).
  const rows = await queryRows<{ tbl: CountedTable; n: string; deltas: number }>(
    db,
    sql`select tbl, sum(n)::text as n, count(*)::int as deltas from list_counts.deltas
        where tbl in ${tables} ${onlyCompanies} group by tbl`,
  );
  for (const row of rows) if (row.deltas > FOLD_AT) await foldDeltas(db, row.tbl);
  return rows.reduce((sum, row) => sum + Number(row.n), 0);
}

/**
 * The companies a list filtered by company only counts: the actor's own (`ownCompanyId`, a
 * company admin's), narrowed by a company filter that may leave nothing; else the filter's; else
 * every company (undefined).
 */
export function countedCompanies(
  ownCompanyId: string | undefined,
  filterIds: readonly string[] | undefined,
): readonly string[] | undefined {
  if (ownCompanyId) {
    return filterIds?.length && !filterIds.includes(ownCompanyId) ? [] : [ownCompanyId];
  }
  return filterIds?.length ? filterIds : undefined;
}

/**
 * One row per company in place of its deltas, in one statement: a reader sees the sum before or
 * after, never a half; a concurrent fold waits for this one and skips the rows it removed; deltas
 * of transactions still open are not visible to it and stay.
 */
export async function foldDeltas(db: DbOrTx, table: CountedTable): Promise<void> {
  await db.execute(sql`
    with gone as (delete from list_counts.deltas where tbl = ${table} returning company_id, n)
    insert into list_counts.deltas (tbl, company_id, n)
    select ${table}, company_id, sum(n) from gone group by company_id having sum(n) <> 0`);
}
