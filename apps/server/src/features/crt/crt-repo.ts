import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies } from '../../db/schema';
import { crtAuthorities, crtCertificates } from '../../db/schema-crt';

// SQL of the company CAs and the certificates they issued (docs/crt.md).

export type AuthorityRow = typeof crtAuthorities.$inferSelect;
export type CertificateInsert = typeof crtCertificates.$inferInsert;

export async function findCompany(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: companies.id, code: companies.code, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}

export async function findAuthority(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(crtAuthorities)
    .where(eq(crtAuthorities.companyId, companyId))
    .limit(1);
  return row;
}

/** Stores the company's CA unless another node stored one first; answers whether this did. */
export async function insertAuthority(db: DbOrTx, row: typeof crtAuthorities.$inferInsert) {
  const rows = await db
    .insert(crtAuthorities)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: crtAuthorities.companyId });
  return rows.length > 0;
}

/** The next CRL number of the company's CA (taken at a revocation, in its transaction). */
export async function bumpCrlNumber(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .update(crtAuthorities)
    .set({ crlNumber: sql`${crtAuthorities.crlNumber} + 1` })
    .where(eq(crtAuthorities.companyId, companyId))
    .returning({ n: crtAuthorities.crlNumber });
  return row!.n;
}

/** Inserts certificates in batches (a group can hold thousands). */
export async function insertCertificates(db: DbOrTx, rows: CertificateInsert[]) {
  const ids: string[] = [];
  for (let at = 0; at < rows.length; at += 250) {
    const inserted = await db
      .insert(crtCertificates)
      .values(rows.slice(at, at + 250))
      .returning({ id: crtCertificates.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export type CertificateRecord = typeof crtCertificates.$inferSelect & { companyCode: string };

export async function findCertificate(
  db: DbOrTx,
  id: string,
): Promise<CertificateRecord | undefined> {
  const [row] = await db
    .select({ certificate: crtCertificates, companyCode: companies.code })
    .from(crtCertificates)
    .innerJoin(companies, eq(companies.id, crtCertificates.companyId))
    .where(eq(crtCertificates.id, id))
    .limit(1);
  return row ? { ...row.certificate, companyCode: row.companyCode } : undefined;
}

/** Marks a certificate revoked unless it is already; answers whether this call revoked it. */
export async function revokeCertificateRow(
  db: DbOrTx,
  id: string,
  patch: { revokedAt: Date; reason: string; note: string; revokedBy: string },
): Promise<boolean> {
  const rows = await db
    .update(crtCertificates)
    .set({
      revokedAt: patch.revokedAt,
      revocationReason: patch.reason,
      revocationNote: patch.note,
      revokedBy: patch.revokedBy,
    })
    .where(and(eq(crtCertificates.id, id), isNull(crtCertificates.revokedAt)))
    .returning({ id: crtCertificates.id });
  return rows.length > 0;
}

/** The revoked certificates of a company's CA, for its CRL. */
export function listRevoked(db: DbOrTx, companyId: string) {
  return db
    .select({
      serial: crtCertificates.serial,
      revokedAt: crtCertificates.revokedAt,
      reason: crtCertificates.revocationReason,
    })
    .from(crtCertificates)
    .where(
      and(eq(crtCertificates.companyId, companyId), sql`${crtCertificates.revokedAt} is not null`),
    )
    .orderBy(crtCertificates.revokedAt);
}

export type CertificateListFilter = {
  companyId?: string;
  keyword?: string;
  statuses?: readonly string[];
  requestId?: string;
  now: Date;
  start?: Date;
  endExclusive?: Date;
};

export type CertificateListRecord = {
  id: string;
  company_code: string;
  sn: string;
  model_name: string;
  serial: string;
  subject: string;
  not_before: string | Date;
  not_after: string | Date;
  sha256: string;
  revoked_at: string | Date | null;
  revocation_reason: string | null;
  revocation_note: string | null;
  request_id: string | null;
  has_cap: boolean;
  created_at: string | Date;
};

const SORT: Record<string, SQL> = {
  created_at: sql`t.created_at`,
  sn: sql`t.sn`,
  not_after: sql`t.not_after`,
};

const statusSql = (now: Date) => sql`case when t.revoked_at is not null then 'revoked'
  when t.not_after < ${now} then 'expired' else 'valid' end`;

export async function listCertificateRecords(
  db: DbOrTx,
  filter: CertificateListFilter,
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const where: SQL[] = [sql`true`];
  if (filter.companyId) where.push(sql`t.company_id = ${filter.companyId}`);
  if (filter.requestId) where.push(sql`t.request_id = ${filter.requestId}`);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const exact = filter.keyword.toLowerCase();
    where.push(
      sql`(t.sn ilike ${like} or t.model_name ilike ${like} or t.serial = ${exact}
        or t.sha256 = ${exact})`,
    );
  }
  if (filter.statuses?.length) where.push(sql`(${statusSql(filter.now)}) in ${filter.statuses}`);
  if (filter.start) where.push(sql`t.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`t.created_at < ${filter.endExclusive}`);
  const condition = sql.join(where, sql` and `);
  const direction = sql.raw(page.sort === 'desc' ? 'desc' : 'asc');
  const from = sql`from crt_certificates t join companies c on c.id = t.company_id`;
  const rows = await queryRows<CertificateListRecord>(
    db,
    sql`select t.id::text as id, c.code as company_code, t.sn, t.model_name, t.serial, t.subject,
        t.not_before, t.not_after, t.sha256, t.revoked_at, t.revocation_reason,
        t.revocation_note, t.request_id::text as request_id,
        (t.cap_blob_id is not null) as has_cap, t.created_at
      ${from} where ${condition}
      order by ${SORT[page.sortby] ?? SORT.created_at} ${direction}, t.id ${direction}
      limit ${page.limit} offset ${page.offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${from} where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}
