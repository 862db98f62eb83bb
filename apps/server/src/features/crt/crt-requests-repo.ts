import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companySerialNumbers, models } from '../../db/schema';
import { crtRequests } from '../../db/schema-crt';

// SQL of certificate requests and of the serial numbers and models they are made from
// (docs/crt.md).

export type CrtRequestRecord = typeof crtRequests.$inferSelect;

export async function insertCrtRequest(db: DbOrTx, row: typeof crtRequests.$inferInsert) {
  await db.insert(crtRequests).values(row);
}

export async function findCrtRequest(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select()
    .from(crtRequests)
    .where(eq(crtRequests.requestId, requestId))
    .limit(1);
  return row;
}

/**
 * Moves the issue state from `from` to the patch's; answers whether this caller made the move (a
 * second run of the same job finds it moved already).
 */
export async function moveIssueStatus(
  db: DbOrTx,
  requestId: string,
  from: readonly string[],
  patch: Partial<typeof crtRequests.$inferInsert> & { issueStatus: string },
): Promise<boolean> {
  const rows = await db
    .update(crtRequests)
    .set(patch)
    .where(and(eq(crtRequests.requestId, requestId), inArray(crtRequests.issueStatus, from)))
    .returning({ id: crtRequests.requestId });
  return rows.length > 0;
}

/** The status a list shows: the decision, then how issuing went (contract CRT_REQUEST_STATUSES). */
const STATUS_SQL = sql`case when a.status = 'pending' then 'pending'
  when a.status = 'rejected' then 'rejected'
  when r.issue_status = 'issued' then 'issued'
  when r.issue_status = 'failed' then 'failed'
  else 'issuing' end`;

export type CrtRequestListRecord = {
  id: string;
  tool: 'crt' | 'kcg';
  status: 'pending' | 'issuing' | 'issued' | 'rejected' | 'failed';
  company_code: string;
  requester_email: string;
  decider_email: string | null;
  model_name: string;
  selection: 'model' | 'list';
  label: string;
  sn_count: number;
  sns_preview: string[];
  comment: string;
  created_at: string | Date;
  decided_at: string | Date | null;
};

export type CrtRequestFilter = {
  tools: readonly string[];
  companyId?: string;
  requesterId?: string;
  keyword?: string;
  statuses?: readonly string[];
  start?: Date;
  endExclusive?: Date;
};

const SORT: Record<string, SQL> = { created_at: sql`a.created_at`, status: STATUS_SQL };

export async function listCrtRequests(
  db: DbOrTx,
  filter: CrtRequestFilter,
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const where: SQL[] = [sql`a.kind in ${filter.tools}`];
  if (filter.companyId) where.push(sql`a.company_id = ${filter.companyId}`);
  if (filter.requesterId) where.push(sql`a.requested_by = ${filter.requesterId}`);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(r.label ilike ${like} or r.model_name ilike ${like} or a.requester_email ilike ${like}
        or r.comment ilike ${like} or r.sns ? ${filter.keyword.toUpperCase()})`,
    );
  }
  if (filter.statuses?.length) where.push(sql`(${STATUS_SQL}) in ${filter.statuses}`);
  if (filter.start) where.push(sql`a.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`a.created_at < ${filter.endExclusive}`);
  const condition = sql.join(where, sql` and `);
  const direction = sql.raw(page.sort === 'desc' ? 'desc' : 'asc');
  const from = sql`from approval_requests a
    join crt_requests r on r.request_id = a.id
    join companies c on c.id = a.company_id`;
  const rows = await queryRows<CrtRequestListRecord>(
    db,
    sql`select a.id::text as id, a.kind as tool, ${STATUS_SQL} as status, c.code as company_code,
        a.requester_email, a.decider_email, r.model_name, r.selection, r.label,
        jsonb_array_length(r.sns)::int as sn_count,
        coalesce((select jsonb_agg(x) from (select jsonb_array_elements_text(r.sns) x limit 5) p),
          '[]'::jsonb) as sns_preview,
        r.comment, a.created_at, a.decided_at
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

// --- Serial numbers and models (the management pages' data) ---

export function listModels(db: DbOrTx) {
  return db
    .select({ id: models.id, name: models.name, family: models.family })
    .from(models)
    .orderBy(asc(models.name));
}

export async function findModelById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(models).where(eq(models.id, id)).limit(1);
  return row;
}

/** How many serial numbers of the company each model has (null: no model known). */
export function countSerialsByModel(db: DbOrTx, companyId: string) {
  return queryRows<{ model_id: string | null; n: number }>(
    db,
    sql`select model_id::text as model_id, count(*)::int as n from company_serial_numbers
        where company_id = ${companyId} group by model_id`,
  );
}

/** The company's rows of these serial numbers. */
export async function findCompanySerials(db: DbOrTx, companyId: string, sns: readonly string[]) {
  const out: { sn: string; modelId: string | null }[] = [];
  for (let at = 0; at < sns.length; at += 1000) {
    out.push(
      ...(await db
        .select({ sn: companySerialNumbers.sn, modelId: companySerialNumbers.modelId })
        .from(companySerialNumbers)
        .where(
          and(
            eq(companySerialNumbers.companyId, companyId),
            inArray(companySerialNumbers.sn, sns.slice(at, at + 1000)),
          ),
        )),
    );
  }
  return out;
}

/** The company's serial numbers of a model, in order, at most `limit`. */
export async function listSerialsOfModel(
  db: DbOrTx,
  companyId: string,
  modelId: string,
  limit: number,
) {
  const rows = await db
    .select({ sn: companySerialNumbers.sn })
    .from(companySerialNumbers)
    .where(
      and(eq(companySerialNumbers.companyId, companyId), eq(companySerialNumbers.modelId, modelId)),
    )
    .orderBy(asc(companySerialNumbers.sn))
    .limit(limit);
  return rows.map((r) => r.sn);
}

/** The company's serial numbers starting with `keyword` (a picker), with their model. */
export function searchSerials(
  db: DbOrTx,
  companyId: string,
  query: { keyword: string; modelId?: string; limit: number },
) {
  const like = `${query.keyword.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const model = query.modelId ? sql`and s.model_id = ${query.modelId}` : sql``;
  return queryRows<{
    sn: string;
    model_id: string | null;
    model_name: string | null;
    total: number;
  }>(
    db,
    sql`select s.sn, s.model_id::text as model_id, m.name as model_name,
        count(*) over ()::int as total
      from company_serial_numbers s left join models m on m.id = s.model_id
      where s.company_id = ${companyId} and s.sn like ${like} ${model}
      order by s.sn limit ${query.limit}`,
  );
}
