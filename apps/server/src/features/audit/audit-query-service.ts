import { Readable } from 'node:stream';
import type { AUDIT_SORT_COLUMNS } from '@tkc/contracts/api/management';
import { dateRangeOf, type ListQueryParams } from '@tkc/contracts/list-query';
import type { Db } from '../../db/client';
import { sha256Hex } from '../../lib/crypto';
import { tooManyRequests } from '../../lib/errors';
import { onlyIds } from '../../lib/ids';
import type { RateLimiter } from '../../lib/rate-limit';
import { listScope } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import type { AuditExportCache } from './audit-export-cache';
import {
  type AuditFilter,
  type AuditListRecord,
  findExportBounds,
  findTargetNames,
  listAuditBatchAfter,
  listAuditRows,
} from './audit-repo';
import { verifyAuditChain } from './audit-service';

export type AuditQueryDeps = { db: Db; limiter: RateLimiter; auditExportCache: AuditExportCache };
type AuditQuery = ListQueryParams<(typeof AUDIT_SORT_COLUMNS)[number]>;

/** Global admins read every company's events; a company admin only their company's. */
function auditFilterFor(
  actor: ActorContext,
  query: AuditQuery,
  action: 'audit.view' | 'audit.export',
): AuditFilter {
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const base = {
    keyword: query.keyword,
    actions: query.activity,
    results: query.status,
    companyIds: onlyIds(query.companyid),
    start,
    endExclusive,
  };
  const scope = listScope(actor, action);
  return scope.isAll ? base : { ...base, onlyCompanyId: actor.companyId };
}

const toRow = <T extends Omit<AuditListRecord, 'company_code'>>(r: T) => ({
  ...r,
  id: Number(r.id),
  created_at: new Date(r.created_at).toISOString(),
});

export async function listAudit(deps: AuditQueryDeps, actor: ActorContext, query: AuditQuery) {
  const { rows, total, isTotalCapped } = await listAuditRows(
    deps.db,
    auditFilterFor(actor, query, 'audit.view'),
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sortby: query.sortby,
      sort: query.sort,
    },
  );
  const names = await findTargetNames(
    deps.db,
    rows.map((r) => r.target),
  );
  return {
    total,
    is_total_capped: isTotalCapped,
    data: rows.map((r) => ({
      ...toRow(r),
      target_name: names.get(r.target.toLowerCase()) ?? null,
    })),
  };
}

const CSV_COLUMNS = [
  'id',
  'created_at',
  'actor_email',
  'company_code',
  'action',
  'target',
  'ip',
  'result',
  'detail',
] as const;

/** RFC 4180 quoting; a leading = + - @ is neutralised so spreadsheets do not run it as a formula. */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Exports running at once on this node: per company, and in all. An export reads the whole log a
 * batch at a time, each batch a turn in the database pool's queue; without a bound, ten exports
 * under load queued batch after batch until their clients gave up (docs/benchmarks.md#load). Past
 * the bound a caller is told to come back (429 with Retry-After) instead of waiting.
 */
const EXPORTS_PER_COMPANY = 2;
const EXPORTS_IN_ALL = 4;
const EXPORT_RETRY_AFTER_S = 5;
const runningExports = new Map<string, number>();
let exportsInAll = 0;

function takeExportSlot(companyId: string): () => void {
  const ofCompany = runningExports.get(companyId) ?? 0;
  if (ofCompany >= EXPORTS_PER_COMPANY || exportsInAll >= EXPORTS_IN_ALL) {
    throw tooManyRequests(EXPORT_RETRY_AFTER_S);
  }
  runningExports.set(companyId, ofCompany + 1);
  exportsInAll += 1;
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    exportsInAll -= 1;
    const left = (runningExports.get(companyId) ?? 1) - 1;
    if (left > 0) runningExports.set(companyId, left);
    else runningExports.delete(companyId);
  };
}

/** Events read per query, and formatted per turn of the event loop. */
const EXPORT_BATCH = 2000;
const EXPORT_SLICE = 200;

/**
 * GET /audit/export: the filtered set as CSV, read and sent a batch at a time, up to the newest
 * event when it was asked for. A whole batch's text is kept for the next export with the same
 * filter (audit-export-cache.ts): repeated exports read the database for the new events only.
 */
export function exportAudit(
  deps: AuditQueryDeps,
  actor: ActorContext,
  query: AuditQuery,
): Readable {
  const filter = auditFilterFor(actor, query, 'audit.export');
  const release = takeExportSlot(actor.companyId);
  async function* lines() {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    const { maxId, firstHash, codesJson } = await findExportBounds(deps.db);
    // The codes read once: a rename during the export cannot put a newer code under this key.
    const codes = JSON.parse(codesJson) as Record<string, string>;
    const logKey = `${firstHash}:${sha256Hex(codesJson)}`;
    const keyOf = (afterId: number) => `${logKey}|${JSON.stringify(filter)}|${afterId}`;
    let lastId = 0;
    while (lastId < maxId) {
      const cached = deps.auditExportCache.get(keyOf(lastId));
      if (cached && cached.lastId <= maxId) {
        yield cached.bytes;
        lastId = cached.lastId;
        continue;
      }
      const batch = await listAuditBatchAfter(
        deps.db,
        filter,
        { afterId: lastId, upToId: maxId },
        EXPORT_BATCH,
      );
      if (batch.length === 0) return;
      const parts: string[] = [];
      for (let at = 0; at < batch.length; at += EXPORT_SLICE) {
        // Other requests get a turn between slices: a whole batch formatted at once held the
        // event loop long enough to show in every list's p95 under load (docs/benchmarks.md#lists).
        if (at > 0) await new Promise((resolve) => setImmediate(resolve));
        const rows = batch.slice(at, at + EXPORT_SLICE).map((r) => ({
          ...toRow(r),
          company_code: r.company_id === null ? null : (codes[r.company_id] ?? null),
        }));
        const part = rows
          .map((r) => `${CSV_COLUMNS.map((c) => csvCell(r[c])).join(',')}\r\n`)
          .join('');
        parts.push(part);
        yield part;
      }
      const batchLastId = Number(batch[batch.length - 1]!.id);
      if (batch.length < EXPORT_BATCH) return;
      deps.auditExportCache.put(keyOf(lastId), {
        bytes: Buffer.from(parts.join('')),
        lastId: batchLastId,
      });
      lastId = batchLastId;
    }
  }
  // Released however the stream ends: read to the end, failed, or the client gone.
  return Readable.from(lines()).once('close', release);
}

/**
 * GET /audit/verify: the chain's verdict. The chain and its counts span every company, so only
 * the global admins (audit.verify) ask; the route hook has checked that.
 */
export async function verifyAudit(deps: AuditQueryDeps, actor: ActorContext) {
  // A walk over every event: a few a minute per person is plenty.
  await deps.limiter.hit({ key: `audit-verify:${actor.userId}`, max: 6, windowS: 60 });
  const verdict = await verifyAuditChain(deps.db);
  return verdict.isValid
    ? { is_valid: true, count: verdict.count, broken_id: null, reason: null, breaks: [] }
    : {
        is_valid: false,
        count: verdict.count,
        broken_id: verdict.brokenId,
        reason: verdict.reason,
        breaks: verdict.breaks,
      };
}
