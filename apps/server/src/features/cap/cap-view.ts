import type { Action } from '@tkc/contracts/access/permissions';
import type { CapListQuery, CapRow } from '@tkc/contracts/api/cap';
import { dateRangeOf } from '@tkc/contracts/list-query';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/errors';
import { onlyIds } from '../../lib/ids';
import { assertCan, listScope } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import {
  type CapKind,
  type CapRecord,
  findCapRecord,
  findCompanyById,
  listCapRecords,
} from './cap-repo';

// What CAP Maker shows of its rows, and whose rows an actor reaches (docs/cap-maker.md#api):
// a grant in the platform company reaches every company, any other only the actor's own; a
// foreign company's CAP answers 404, like an unknown id.

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

export function capRowOf(r: CapRecord): CapRow {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status as CapRow['status'],
    company_code: r.company_code,
    model_name: r.model_name,
    cap_version: r.cap_version,
    label: r.label,
    file_name: r.file_name,
    file_count: r.file_count,
    source_bytes: Number(r.source_bytes),
    size: num(r.size),
    sha256: r.sha256,
    kcv: r.kcv,
    kek_fingerprint: r.kek_fingerprint,
    signer_fingerprint: r.signer_fingerprint,
    creator_email: r.creator_email,
    created_at: new Date(r.created_at).toISOString(),
    finished_at: iso(r.finished_at),
    failure: r.failure,
    key_source: r.key_source,
    new_kek_fingerprint: r.new_kek_fingerprint,
    new_signing_fingerprint: r.new_signing_fingerprint,
    confirmed_at: iso(r.confirmed_at),
  };
}

const ACTION_OF: Record<CapKind, Action> = { application: 'cap.general', key: 'cap.key' };

/**
 * The company a request is for: the actor's own, or the one a global admin names. Answers 404
 * for an unknown company or one the action does not reach.
 */
export async function targetCompany(
  db: DbOrTx,
  actor: ActorContext,
  action: Action,
  companyId: string | undefined,
): Promise<{ id: string; code: string }> {
  const company = await findCompanyById(db, companyId ?? actor.companyId);
  if (!company) throw fail('request.not_found');
  assertCan(actor, action, company.code);
  return company;
}

/** A CAP of `kind` the actor may see; another company's (or another kind's) answers 404. */
export async function visibleCap(
  db: DbOrTx,
  actor: ActorContext,
  kind: CapKind,
  id: string,
): Promise<CapRecord> {
  const record = await findCapRecord(db, id);
  if (!record || record.kind !== kind) throw fail('request.not_found');
  assertCan(actor, ACTION_OF[kind], record.company_code);
  return record;
}

/** GET /cap/caps and /cap/key-caps: company-scoped; a global admin may filter by companyid. */
export async function listCaps(
  db: DbOrTx,
  actor: ActorContext,
  kind: CapKind,
  query: CapListQuery,
) {
  const scope = listScope(actor, ACTION_OF[kind]);
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const { rows, total } = await listCapRecords(
    db,
    {
      kind,
      companyId: scope.isAll ? undefined : actor.companyId,
      companyIds: scope.isAll ? onlyIds(query.companyid) : undefined,
      keyword: query.keyword,
      statuses: query.status,
      start,
      endExclusive,
    },
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sortby: query.sortby,
      sort: query.sort,
    },
  );
  return { total, data: rows.map(capRowOf) };
}

/** A name safe in a file system and a header: letters, digits, '.', '-', '_'. */
export const safeFileName = (base: string, fallback: string) =>
  `${base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '') || fallback}.cap`;
