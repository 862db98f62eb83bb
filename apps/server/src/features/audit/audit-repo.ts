import { asc, gt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countedCompanies, countedRows } from '../../db/list-counts';
import { auditEvents } from '../../db/schema';
import type { ChainedContent } from './audit-chain';

// Any constant works; it only has to be the same for every writer of the chain.
const AUDIT_CHAIN_LOCK = 7_251_001;

/** Serialises chain appends across transactions and API nodes until the caller's commit. */
export async function lockAuditChain(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
}

/** An event's stored columns and its canonical content before and after its time (chainHashParts). */
export type AppendedAuditRow = Omit<ChainedContent, 'createdAt'> & {
  before: string;
  after: string;
};

/**
 * The chain's lock, its head, the events' time and hashes and their insert, in one statement
 * (migration 0015, audit_chain.append).
 */
export async function appendAuditEvents(tx: DbOrTx, rows: AppendedAuditRow[]): Promise<void> {
  await tx.execute(
    sql`select audit_chain.append(${AUDIT_CHAIN_LOCK}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/** One page of the chain in id order, for verification without loading it all. */
export function listAuditEventsAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select()
    .from(auditEvents)
    .where(gt(auditEvents.id, afterId))
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}

/** Totals above this are shown as 'more than'. */
const AUDIT_COUNT_CAP = 100_000;

export type AuditFilter = {
  companyIds?: string[];
  onlyCompanyId?: string;
  keyword?: string;
  actions?: string[];
  results?: string[];
  start?: Date;
  endExclusive?: Date;
};

const AUDIT_SORT: Record<string, string> = {
  created_at: 'a.created_at',
  action: 'a.action',
  actor: 'a.actor_email',
  result: 'a.result',
};

function auditWhere(filter: AuditFilter): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.onlyCompanyId) where.push(sql`a.company_id = ${filter.onlyCompanyId}`);
  if (filter.companyIds?.length) where.push(sql`a.company_id in ${filter.companyIds}`);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The expression of the trigram index audit_search_trgm (migration 0003).
    where.push(
      sql`(a.actor_email || ' ' || a.action || ' ' || a.target || ' ' || a.ip) ilike ${like}`,
    );
  }
  // An activity filter matches the action or any action under it ('auth' matches 'auth.login').
  if (filter.actions?.length) {
    where.push(
      sql`(${sql.join(
        filter.actions.map((a) => sql`a.action = ${a} or a.action like ${`${a}.%`}`),
        sql` or `,
      )})`,
    );
  }
  if (filter.results?.length) where.push(sql`a.result in ${filter.results}`);
  if (filter.start) where.push(sql`a.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`a.created_at < ${filter.endExclusive}`);
  return sql.join(where, sql` and `);
}

export type AuditListRecord = {
  id: number | string;
  created_at: string | Date;
  actor_email: string;
  company_id: string | null;
  company_code: string | null;
  action: string;
  target: string;
  ip: string;
  result: string;
  detail: Record<string, unknown>;
};

export async function listAuditRows(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const direction = sql.raw(page.sort === 'desc' ? 'desc' : 'asc');
  const where = auditWhere(filter);
  const result = (await db.execute(sql`
    select a.id, a.created_at, a.actor_email, a.company_id::text as company_id, c.code as company_code,
      a.action, a.target, a.ip, a.result, a.detail
    from audit_events a left join companies c on c.id = a.company_id
    where ${where}
    order by ${sql.raw(AUDIT_SORT[page.sortby] ?? 'a.created_at')} ${direction}, a.id ${direction}
    limit ${page.limit} offset ${page.offset}`)) as unknown as { rows: AuditListRecord[] };
  const byCompanyOnly =
    !filter.keyword &&
    !filter.actions?.length &&
    !filter.results?.length &&
    !filter.start &&
    !filter.endExclusive;
  if (byCompanyOnly) {
    // The sum kept by the triggers of migration 0013 (docs/list-queries.md): exact, and cheap.
    const companyIds = countedCompanies(filter.onlyCompanyId, filter.companyIds);
    const total = await countedRows(db, 'audit_events', companyIds);
    return { rows: result.rows, total, isTotalCapped: false };
  }
  // Counting stops at AUDIT_COUNT_CAP: an exact count of millions of events costs more than the page.
  const counted = (await db.execute(
    sql`select count(*)::int as n from (select 1 from audit_events a where ${where} limit ${AUDIT_COUNT_CAP + 1}) capped`,
  )) as unknown as { rows: { n: number }[] };
  const n = counted.rows[0]?.n ?? 0;
  return {
    rows: result.rows,
    total: Math.min(n, AUDIT_COUNT_CAP),
    isTotalCapped: n > AUDIT_COUNT_CAP,
  };
}

/**
 * Where an export stops and what its text depends on, in one round trip: the newest event's id
 * (the export's snapshot), the chain's first hash (which log this is) and every company's code
 * (the one mutable cell of an export) as a JSON object of id to code.
 */
export async function findExportBounds(db: DbOrTx) {
  const result = (await db.execute(sql`
    select coalesce((select max(id) from audit_events), 0)::text as max_id,
      coalesce((select hash from audit_events order by id limit 1), '') as first_hash,
      (select coalesce(json_object_agg(id, code order by id), '{}')::text from companies) as codes`)) as unknown as {
    rows: { max_id: string; first_hash: string; codes: string }[];
  };
  const row = result.rows[0]!;
  return { maxId: Number(row.max_id), firstHash: row.first_hash, codesJson: row.codes };
}

/**
 * The filtered events in id order after one id and up to another, a batch at a time (for the CSV
 * export). No company code: the export takes it from its bounds, so its text depends only on
 * what its cache key holds.
 */
export async function listAuditBatchAfter(
  db: DbOrTx,
  filter: AuditFilter,
  range: { afterId: number; upToId: number },
  limit: number,
) {
  const result = (await db.execute(sql`
    select a.id, a.created_at, a.actor_email, a.company_id::text as company_id,
      a.action, a.target, a.ip, a.result, a.detail
    from audit_events a
    where ${auditWhere(filter)} and a.id > ${range.afterId} and a.id <= ${range.upToId}
    order by a.id asc
    limit ${limit}`)) as unknown as { rows: Omit<AuditListRecord, 'company_code'>[] };
  return result.rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the name of each kind of target is found: its table, id column and name expression. */
const TARGET_NAMES: Record<string, { table: string; id: string; name: string }> = {
  user: {
    table: 'users',
    id: 'id',
    name: "first_name || ' ' || last_name || ' <' || email || '>'",
  },
  company: { table: 'companies', id: 'id', name: "name || ' (' || code || ')'" },
  model: { table: 'models', id: 'id', name: 'name' },
  invitation: { table: 'invitations', id: 'id', name: 'email' },
  'signer-request': { table: 'signer_requests', id: 'request_id', name: 'file_name' },
};

/**
 * Names of the targets of one page of events ('user:<id>' -> 'Ada Lovelace <ada@...>'), looked
 * up by kind in one query each; a target whose row is gone, or of another kind, has none.
 */
export async function findTargetNames(
  db: DbOrTx,
  targets: readonly string[],
): Promise<Map<string, string>> {
  const idsByKind = new Map<string, Set<string>>();
  for (const target of targets) {
    const colon = target.indexOf(':');
    const kind = target.slice(0, colon);
    const id = target.slice(colon + 1);
    if (colon < 0 || !Object.hasOwn(TARGET_NAMES, kind) || !UUID.test(id)) continue;
    idsByKind.set(kind, (idsByKind.get(kind) ?? new Set()).add(id.toLowerCase()));
  }
  const names = new Map<string, string>();
  for (const [kind, ids] of idsByKind) {
    const where = TARGET_NAMES[kind]!;
    const found = (await db.execute(sql`
      select ${sql.raw(where.id)}::text as id, ${sql.raw(where.name)} as name
      from ${sql.raw(where.table)} where ${sql.raw(where.id)} in ${[...ids]}`)) as unknown as {
      rows: { id: string; name: string }[];
    };
    for (const row of found.rows) names.set(`${kind}:${row.id}`, row.name);
  }
  return names;
}
