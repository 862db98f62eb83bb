import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies } from '../../db/schema';
import { capBuilds, uldKeySets } from '../../db/schema-cap';

// CAP Maker's SQL (docs/cap-maker.md): the cap_builds rows of General and Key CAPs.

export type CapBuildRow = typeof capBuilds.$inferSelect;
export type CapKind = 'application' | 'key';

/** A cap_builds row as lists and details show it: with company code and the new set's keys. */
export type CapRecord = {
  id: string;
  company_id: string;
  kind: CapKind;
  status: string;
  company_code: string;
  model_name: string;
  cap_version: number;
  label: string;
  file_name: string;
  file_count: number;
  source_bytes: string | number;
  size: string | number | null;
  sha256: string | null;
  kcv: string | null;
  kek_fingerprint: string | null;
  signer_fingerprint: string | null;
  creator_email: string;
  created_at: string | Date;
  finished_at: string | Date | null;
  failure: { code: string | null; params: Record<string, string | number>; message: string } | null;
  key_source: 'internal' | 'external' | null;
  new_kek_fingerprint: string | null;
  new_signing_fingerprint: string | null;
  confirmed_at: string | Date | null;
};

const RECORD_COLUMNS = sql`b.id::text as id, b.company_id::text as company_id, b.kind, b.status,
  c.code as company_code, b.model_name, b.cap_version, b.label, b.file_name, b.file_count,
  b.source_bytes, b.size, b.sha256, b.kcv, b.kek_fingerprint, b.signer_fingerprint,
  b.creator_email, b.created_at, b.finished_at, b.failure, b.key_source,
  n.kek_fingerprint as new_kek_fingerprint, n.signing_fingerprint as new_signing_fingerprint,
  b.confirmed_at`;
const RECORD_FROM = sql`cap_builds b join companies c on c.id = b.company_id
  left join uld_key_sets n on n.id = b.new_key_set_id`;

export async function insertCapBuild(
  db: DbOrTx,
  row: typeof capBuilds.$inferInsert,
): Promise<CapBuildRow> {
  const [inserted] = await db.insert(capBuilds).values(row).returning();
  return inserted!;
}

export async function findCapBuild(db: DbOrTx, id: string): Promise<CapBuildRow | undefined> {
  const [row] = await db.select().from(capBuilds).where(eq(capBuilds.id, id)).limit(1);
  return row;
}

export async function findCapRecord(db: DbOrTx, id: string): Promise<CapRecord | undefined> {
  const [row] = await queryRows<CapRecord>(
    db,
    sql`select ${RECORD_COLUMNS} from ${RECORD_FROM} where b.id = ${id} limit 1`,
  );
  return row;
}

/** Moves a row on only from one of `from` (a repeated job or a lost race changes nothing). */
export async function moveCapBuild(
  db: DbOrTx,
  id: string,
  from: string[],
  patch: Partial<typeof capBuilds.$inferInsert>,
): Promise<boolean> {
  const moved = await db
    .update(capBuilds)
    .set(patch)
    .where(and(eq(capBuilds.id, id), inArray(capBuilds.status, from)))
    .returning({ id: capBuilds.id });
  return moved.length > 0;
}

/** Key CAPs still waiting whose new set was superseded by a rotation: superseded too. */
export async function supersedeKeyCaps(db: DbOrTx, keySetIds: string[]): Promise<string[]> {
  if (keySetIds.length === 0) return [];
  const rows = await db
    .update(capBuilds)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(capBuilds.kind, 'key'),
        eq(capBuilds.status, 'ready'),
        inArray(capBuilds.newKeySetId, keySetIds),
      ),
    )
    .returning({ id: capBuilds.id });
  return rows.map((r) => r.id);
}

export async function findCompanyById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: companies.id, code: companies.code })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}

/** Whether a set of the company already has this signing key (an external key used again). */
export async function isSigningKeyOfCompany(
  db: DbOrTx,
  companyId: string,
  fingerprint: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: uldKeySets.id })
    .from(uldKeySets)
    .where(and(eq(uldKeySets.companyId, companyId), eq(uldKeySets.signingFingerprint, fingerprint)))
    .limit(1);
  return row !== undefined;
}

const SORT: Record<string, string> = {
  created_at: 'b.created_at',
  label: 'b.label',
  status: 'b.status',
};

export type CapListFilter = {
  kind: CapKind;
  /** Only this company (an actor of one company). */
  companyId?: string;
  /** Any of these companies (a global admin's filter). */
  companyIds?: string[];
  keyword?: string;
  statuses?: string[];
  start?: Date;
  endExclusive?: Date;
};

export async function listCapRecords(
  db: DbOrTx,
  filter: CapListFilter,
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
): Promise<{ rows: CapRecord[]; total: number }> {
  const where: SQL[] = [sql`b.kind = ${filter.kind}`];
  if (filter.companyId) where.push(sql`b.company_id = ${filter.companyId}`);
  if (filter.companyIds?.length) {
    where.push(
      sql`b.company_id in (${sql.join(
        filter.companyIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(b.label ilike ${like} or b.file_name ilike ${like} or b.model_name ilike ${like} or b.creator_email ilike ${like})`,
    );
  }
  if (filter.statuses?.length) {
    where.push(
      sql`b.status in (${sql.join(
        filter.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.start) where.push(sql`b.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`b.created_at < ${filter.endExclusive}`);
  const condition = sql.join(where, sql` and `);
  const direction = sql.raw(page.sort === 'desc' ? 'desc' : 'asc');
  const rows = await queryRows<CapRecord>(
    db,
    sql`select ${RECORD_COLUMNS} from ${RECORD_FROM} where ${condition}
      order by ${sql.raw(SORT[page.sortby] ?? 'b.created_at')} ${direction}, b.id ${direction}
      limit ${page.limit} offset ${page.offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from cap_builds b where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}
