import type { Readable } from 'node:stream';
import { ROLE_GROUPS } from '@tkc/contracts/access/roles';
import type {
  COMPANY_SORT_COLUMNS,
  companyBody,
  companyPatchBody,
  SN_SORT_COLUMNS,
} from '@tkc/contracts/api/management';
import { dateRangeOf, type ListQueryParams } from '@tkc/contracts/list-query';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../lib/errors';
import { onlyIds } from '../../lib/ids';
import { listPrefixes } from '../../lib/model-prefixes';
import { assertCan, listScope } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import type { AuthCache } from '../auth/session-service';
import {
  type CompanyListRecord,
  type CompanyRecord,
  countCompanies,
  deleteSerialNumber,
  findCompanyByCodeAny,
  findCompanyById,
  findSerialNumber,
  findSerialNumberOwner,
  insertCompanyRow,
  insertSerialNumbers,
  listCompanies,
  listSerialNumbers,
  lockCompanyRow,
  updateCompanyRow,
} from './companies-repo';
import { applySerialImport, type OnImportProgress, parseSerialCsv } from './sn-import';

export type CompaniesDeps = { db: Db; clock: () => Date; cache: Pick<AuthCache, 'invalidate'> };

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const dateOnly = (v: string | Date | null) =>
  v === null ? null : new Date(v).toISOString().slice(0, 10);

function toCompanyRow(r: CompanyListRecord) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    contact_email: r.contact_email,
    contact_phone: r.contact_phone,
    address: r.address,
    is_platform: r.is_platform,
    tier: r.tier,
    tier_ends_at: dateOnly(r.tier_ends_at),
    licences: Object.fromEntries(
      Object.keys(ROLE_GROUPS).map((g) => [g, { used: r.used[g] ?? 0, total: r.licences[g] ?? 0 }]),
    ),
    users: r.users,
    serial_numbers: r.serial_numbers,
    created_at: iso(r.created_at)!,
  };
}

/** GET /companies: the overview, for the two global admins only. */
export async function listCompanyOverview(
  deps: CompaniesDeps,
  actor: ActorContext,
  query: ListQueryParams<(typeof COMPANY_SORT_COLUMNS)[number]>,
) {
  const scope = listScope(actor, 'company.view');
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const rows = await listCompanies(
    deps.db,
    {
      keyword: query.keyword,
      ids: onlyIds(query.companyid),
      tiers: query.status,
      start,
      endExclusive,
      onlyCode: scope.isAll ? undefined : scope.companyCode,
    },
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sortby: query.sortby,
      sort: query.sort,
    },
    ROLE_GROUPS,
    deps.clock(),
  );
  return { total: Number(rows[0]?.total ?? 0), data: rows.map(toCompanyRow) };
}

/** A company the actor may see with `action`; another company's id answers 404. */
async function companyFor(
  deps: CompaniesDeps,
  actor: ActorContext,
  id: string,
  action: 'company.view' | 'company.edit',
) {
  const company = await findCompanyById(deps.db, id);
  if (!company) throw fail('request.not_found');
  assertCan(actor, action, company.code);
  return company;
}

export async function getCompany(deps: CompaniesDeps, actor: ActorContext, id: string) {
  const company = await companyFor(deps, actor, id, 'company.view');
  return companyRowOf(deps, company.code);
}

/**
 * GET /companies/{id}/licences: the company's seats, for those who manage its users (a company
 * admin sees their own company's; the overview itself stays with the global admins).
 */
export async function getCompanyLicences(deps: CompaniesDeps, actor: ActorContext, id: string) {
  const company = await findCompanyById(deps.db, id);
  if (!company) throw fail('request.not_found');
  assertCan(actor, 'company.licences.view', company.code);
  const { id: _id, code, name, is_platform, licences } = await companyRowOf(deps, company.code);
  return { id, code, name, is_platform, licences };
}

async function companyRowOf(deps: CompaniesDeps, code: string) {
  const [row] = await listCompanies(
    deps.db,
    { onlyCode: code },
    { limit: 1, offset: 0, sortby: 'code', sort: 'asc' },
    ROLE_GROUPS,
    deps.clock(),
  );
  return toCompanyRow(row!);
}

type CompanyInput = z.infer<typeof companyBody>;

const toColumns = (body: Partial<CompanyInput>) => ({
  code: body.code,
  name: body.name,
  contactEmail: body.contact_email,
  contactPhone: body.contact_phone,
  address: body.address,
  licences: body.licences as Record<string, number> | undefined,
  tier: body.tier,
  tierEndsAt:
    body.tier_ends_at === undefined
      ? undefined
      : body.tier_ends_at === null
        ? null
        : new Date(`${body.tier_ends_at}T00:00:00Z`),
});

/** POST /companies */
export async function createCompany(deps: CompaniesDeps, actor: ActorContext, body: CompanyInput) {
  if (!listScope(actor, 'company.edit').isAll) throw fail('access.forbidden');
  const id = await deps.db.transaction(async (tx) => {
    if (await findCompanyByCodeAny(tx, body.code))
      throw fail('company.code_taken', { code: body.code });
    const company = await insertCompanyRow(tx, {
      ...toColumns(body),
      code: body.code,
      name: body.name,
    });
    await recordActorAudit(tx, actor, {
      action: 'company.create',
      companyId: company.id,
      target: `company:${company.id}`,
      detail: {
        code: company.code,
        name: company.name,
        licences: company.licences,
        tier: company.tier,
      },
    });
    return company.id;
  });
  return getCompany(deps, actor, id);
}

/** PATCH /companies/{id} */
export async function updateCompany(
  deps: CompaniesDeps,
  actor: ActorContext,
  id: string,
  body: z.infer<typeof companyPatchBody>,
) {
  const company = await companyFor(deps, actor, id, 'company.edit');
  if (company.isPlatform && body.code !== undefined && body.code !== company.code) {
    throw fail('company.platform_keeps_code');
  }
  await deps.db.transaction(async (tx) => {
    if (body.code && body.code !== company.code && (await findCompanyByCodeAny(tx, body.code))) {
      throw fail('company.code_taken', { code: body.code });
    }
    const columns = Object.fromEntries(
      Object.entries(toColumns(body)).filter(([, v]) => v !== undefined),
    );
    await updateCompanyRow(tx, id, { ...columns, updatedAt: deps.clock() });
    await recordActorAudit(tx, actor, {
      action: 'company.update',
      companyId: id,
      target: `company:${id}`,
      detail: { fields: Object.keys(body), ...body },
    });
  });
  deps.cache.invalidate('*');
  return getCompany(deps, actor, id);
}

// Serial numbers ---------------------------------------------------------------------------------

export async function listCompanySerialNumbers(
  deps: CompaniesDeps,
  actor: ActorContext,
  id: string,
  query: ListQueryParams<(typeof SN_SORT_COLUMNS)[number]>,
) {
  const company = await companyFor(deps, actor, id, 'company.view');
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const rows = await listSerialNumbers(
    deps.db,
    company.id,
    { keyword: query.keyword, modelIds: onlyIds(query.activity), start, endExclusive },
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sortby: query.sortby,
      sort: query.sort,
    },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    data: rows.map(({ total: _t, ...r }) => ({ ...r, created_at: iso(r.created_at)! })),
  };
}

/** The model a serial number belongs to, by the longest matching prefix; 400 when none. */
async function modelOf(deps: CompaniesDeps, sn: string) {
  const match = (await listPrefixes(deps.db)).find((p) => sn.startsWith(p.prefix));
  if (!match) throw fail('sn.no_model', { sn });
  return match;
}

export async function addSerialNumber(
  deps: CompaniesDeps,
  actor: ActorContext,
  id: string,
  sn: string,
) {
  const company = await companyFor(deps, actor, id, 'company.edit');
  const model = await modelOf(deps, sn);
  await deps.db.transaction(async (tx) => {
    const inserted = await insertSerialNumbers(tx, [
      { companyId: company.id, sn, modelId: model.modelId },
    ]);
    if (inserted.size === 0) {
      const owner = await findSerialNumberOwner(tx, sn);
      throw fail(owner?.companyId === company.id ? 'sn.in_this_company' : 'sn.other_company', {
        sn,
      });
    }
    await recordActorAudit(tx, actor, {
      action: 'company.sn.add',
      companyId: company.id,
      target: `sn:${sn}`,
      detail: { sn, model: model.model },
    });
  });
}

export async function removeSerialNumber(
  deps: CompaniesDeps,
  actor: ActorContext,
  id: string,
  snId: string,
) {
  const company = await companyFor(deps, actor, id, 'company.edit');
  await deps.db.transaction(async (tx) => {
    const row = await findSerialNumber(tx, company.id, snId);
    if (!row) throw fail('request.not_found');
    await deleteSerialNumber(tx, row.id);
    await recordActorAudit(tx, actor, {
      action: 'company.sn.delete',
      companyId: company.id,
      target: `sn:${row.sn}`,
      detail: { sn: row.sn },
    });
  });
}

/**
 * POST /companies/{id}/sn/import (text/csv): the file is read and checked while it streams in,
 * then one short transaction decides every line, with a report of rejected lines. `onProgress`
 * hears the lines read and the numbers saved, for the page's running count.
 */
export async function importCompanySerialNumbers(
  deps: CompaniesDeps,
  actor: ActorContext,
  id: string,
  csv: Readable,
  onProgress?: OnImportProgress,
) {
  const company: CompanyRecord = await companyFor(deps, actor, id, 'company.edit');
  const prefixes = await listPrefixes(deps.db);
  const parsed = await parseSerialCsv(csv, prefixes, onProgress);
  return deps.db.transaction(async (tx) => {
    const report = await applySerialImport(tx, company, parsed, onProgress);
    await recordActorAudit(tx, actor, {
      action: 'company.sn.import',
      companyId: company.id,
      target: `company:${company.id}`,
      detail: {
        imported: report.imported,
        alreadyOwned: report.already_owned,
        rejected: report.rejected.length + (report.is_truncated ? 1 : 0),
      },
    });
    return report;
  });
}

// --- Read and written by other features, inside their own transactions ---

/** The company with this code, if any. */
export const findCompanyByCode = (db: DbOrTx, code: string) => findCompanyByCodeAny(db, code);

/** Locks the company's row: its licence counts and grants are decided one at a time. */
export const lockCompany = (tx: DbOrTx, id: string) => lockCompanyRow(tx, id);

/** Whether the database holds any company yet (the first start makes the platform company). */
export const hasCompanies = async (tx: DbOrTx) => (await countCompanies(tx)) > 0;

/** Inserts the platform company on the first start. */
export const insertPlatformCompany = (tx: DbOrTx, code: string, name: string) =>
  insertCompanyRow(tx, { code, name, isPlatform: true });

/** Registers serial numbers of a company (the Key Erase demo's simulated terminal). */
export const addSerialNumbers = (
  tx: DbOrTx,
  rows: { companyId: string; sn: string; modelId: string }[],
) => insertSerialNumbers(tx, rows);
