import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies } from '../../db/schema';
import { blobs } from '../../db/schema-platform';
import { approvalRequests, signerKeys, signerRequests } from '../../db/schema-signer';

export type SignerRequestRow = typeof signerRequests.$inferSelect;
export type SignerKeyRow = typeof signerKeys.$inferSelect;

/** The status a list shows: the decision, then how signing went (contract SIGNER_STATUSES). */
const STATUS_SQL = sql`case when a.status = 'pending' then 'pending'
  when a.status = 'rejected' then 'rejected'
  when s.sign_status = 'signed' then 'signed'
  when s.sign_status = 'failed' then 'failed'
  else 'signing' end`;

export async function insertSignerRequest(db: DbOrTx, row: typeof signerRequests.$inferInsert) {
  await db.insert(signerRequests).values(row);
}

export async function findSignerRequest(
  db: DbOrTx,
  requestId: string,
): Promise<SignerRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signerRequests)
    .where(eq(signerRequests.requestId, requestId))
    .limit(1);
  return row;
}

/**
 * Moves the signing state from `from` to `to`; answers whether this caller made the move (a
 * second run of the same job finds it moved already).
 */
export async function moveSignStatus(
  db: DbOrTx,
  requestId: string,
  from: readonly string[],
  patch: Partial<typeof signerRequests.$inferInsert> & { signStatus: string },
): Promise<boolean> {
  const rows = await db
    .update(signerRequests)
    .set(patch)
    .where(and(eq(signerRequests.requestId, requestId), inArray(signerRequests.signStatus, from)))
    .returning({ id: signerRequests.requestId });
  return rows.length > 0;
}

export type SignerListFilter = {
  kind: string;
  companyId?: string;
  requesterId?: string;
  keyword?: string;
  statuses?: readonly string[];
  start?: Date;
  endExclusive?: Date;
};

export type SignerListRecord = {
  id: string;
  file_type: 'apk' | 'cap';
  file_name: string;
  file_size: string | number;
  sha256: string;
  comment: string;
  status: 'pending' | 'signing' | 'signed' | 'rejected' | 'failed';
  company_code: string;
  requester_email: string;
  decider_email: string | null;
  label: string | null;
  version: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
};

const SORT: Record<string, SQL> = {
  created_at: sql`a.created_at`,
  file_name: sql`s.file_name`,
  status: STATUS_SQL,
};

export async function listSignerRequests(
  db: DbOrTx,
  filter: SignerListFilter,
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const where: SQL[] = [sql`a.kind = ${filter.kind}`];
  if (filter.companyId) where.push(sql`a.company_id = ${filter.companyId}`);
  if (filter.requesterId) where.push(sql`a.requested_by = ${filter.requesterId}`);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(s.file_name ilike ${like} or s.label ilike ${like} or a.requester_email ilike ${like}
        or s.comment ilike ${like} or s.input_sha256 = ${filter.keyword.toLowerCase()})`,
    );
  }
  if (filter.statuses?.length) where.push(sql`(${STATUS_SQL}) in ${filter.statuses}`);
  if (filter.start) where.push(sql`a.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`a.created_at < ${filter.endExclusive}`);
  const condition = sql.join(where, sql` and `);
  const direction = sql.raw(page.sort === 'desc' ? 'desc' : 'asc');
  const from = sql`from approval_requests a
    join signer_requests s on s.request_id = a.id
    join companies c on c.id = a.company_id`;
  const rows = await queryRows<SignerListRecord>(
    db,
    sql`select a.id::text as id, s.file_type, s.file_name, s.file_size, s.input_sha256 as sha256,
        s.comment, ${STATUS_SQL} as status, c.code as company_code, a.requester_email,
        a.decider_email, s.label, s.version, a.created_at, a.decided_at
      ${from} where ${condition}
      order by ${SORT[page.sortby] ?? SORT.created_at} ${direction}, a.id ${direction}
      limit ${page.limit} offset ${page.offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${from} where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

// --- Company signing keys ---

export async function findSignerKey(
  db: DbOrTx,
  companyId: string,
): Promise<SignerKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(signerKeys)
    .where(eq(signerKeys.companyId, companyId))
    .limit(1);
  return row;
}

export async function upsertSignerKey(db: DbOrTx, row: typeof signerKeys.$inferInsert) {
  await db
    .insert(signerKeys)
    .values(row)
    .onConflictDoUpdate({ target: signerKeys.companyId, set: { ...row } });
}

export function listCompaniesWithKeys(db: DbOrTx) {
  return db
    .select({ company: companies, key: signerKeys })
    .from(companies)
    .leftJoin(signerKeys, eq(signerKeys.companyId, companies.id))
    .orderBy(companies.code);
}

export async function findCompany(db: DbOrTx, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

// --- Retention (docs/signer.md#retention) ---

/**
 * Uploaded files no longer needed, older than `before`: the input of a rejected or failed
 * request, and a finished signer upload that never became a request. Signed files are kept.
 */
export async function findExpiredInputs(db: DbOrTx, kind: string, before: Date, limit: number) {
  const ofRequests = await db
    .select({ requestId: signerRequests.requestId, blobId: signerRequests.inputBlobId })
    .from(signerRequests)
    .innerJoin(approvalRequests, eq(approvalRequests.id, signerRequests.requestId))
    .where(
      and(
        eq(approvalRequests.kind, kind),
        isNotNull(signerRequests.inputBlobId),
        lt(approvalRequests.updatedAt, before),
        or(eq(approvalRequests.status, 'rejected'), eq(signerRequests.signStatus, 'failed')),
      ),
    )
    .limit(limit);
  const orphans = await db
    .select({ blobId: blobs.id })
    .from(blobs)
    .where(
      and(
        eq(blobs.kind, 'signer-input'),
        eq(blobs.status, 'complete'),
        lt(blobs.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(signerRequests)
            .where(eq(signerRequests.inputBlobId, blobs.id)),
        ),
      ),
    )
    .limit(limit);
  return { ofRequests, orphans: orphans.map((o) => o.blobId) };
}

export async function markInputRemoved(db: DbOrTx, requestId: string, at: Date) {
  await db
    .update(signerRequests)
    .set({ inputBlobId: null, inputRemovedAt: at })
    .where(and(eq(signerRequests.requestId, requestId), isNull(signerRequests.inputRemovedAt)));
}
