import { hash } from 'node:crypto';
import type { EraseListQuery } from '@tkc/contracts/api/erase';
import { serialNumberField } from '@tkc/contracts/api/management';
import { ERASE_STATUS_INDEX, eraseStatusMessage } from '@tkc/contracts/erase-status';
import { wallTimeToInstant } from '@tkc/contracts/list-query';
import { buildEraseAuthorization } from '@tkc/terminal/erase-auth';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import type { Mailer } from '../../lib/mail/mailer';
import { listPrefixes } from '../../lib/model-prefixes';
import type { RateLimiter } from '../../lib/rate-limit';
import { listScope } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import { addSerialNumbers } from '../companies/companies-service';
import { eraseKeyFor, loadPlatformRoot, type SigningCredentials } from './erase-credentials';

/** Each model's erase key, made when the model is (models) or on first use. */
export { eraseKeyFor, loadPlatformRoot };

import {
  deleteEraseRecord,
  type EraseRecordRow,
  ensureModelWithPrefix,
  findEraseRecord,
  findSerialNumberInCompany,
  insertEraseRecord,
  listEraseRecords,
  updateEraseRecord,
} from './erase-repo';

export type EraseDeps = {
  db: Db;
  box: SecretBox;
  limiter: RateLimiter;
  mailer: Mailer;
  supportEmail: string;
  credentials: () => Promise<SigningCredentials>;
};

/** A refused authorisation: the HTTP status, and the erase status the run ends with. */
class EraseRefusal extends AppError {
  constructor(
    statusCode: number,
    readonly eraseStatus: number,
    headers: Record<string, string> = {},
  ) {
    super(
      'erase.refused',
      { message: eraseStatusMessage(eraseStatus), index: eraseStatus },
      statusCode,
      headers,
      { erase_status: eraseStatus },
    );
  }
}

/** Which records the actor reaches with `action`: every company's, or their own company's. */
function logScope(
  actor: ActorContext,
  action: 'erase.log.view' | 'erase.log.manage',
): { companyId?: string } {
  return listScope(actor, action).isAll ? {} : { companyId: actor.companyId };
}

async function refuse(
  deps: EraseDeps,
  actor: ActorContext,
  sn: string,
  refusal: EraseRefusal,
): Promise<never> {
  await deps.db.transaction((tx) =>
    recordActorAudit(tx, actor, {
      action: 'erase.authorize',
      result: 'failure',
      companyId: actor.companyId,
      target: `sn:${sn}`,
      detail: { eraseStatus: refusal.eraseStatus, reason: refusal.message },
    }),
  );
  throw refusal;
}

/**
 * POST /uld/erase/auth: the serial number must belong to the caller's company and its prefix to a
 * supported model; then the auth code under the model's key and a signature by the erase-signing
 * certificate. Every refusal is recorded before it is answered.
 */
export async function authorizeErase(
  deps: EraseDeps,
  actor: ActorContext,
  body: { sn: string; esn: string; rn: string },
) {
  // Only the key-erase role reaches here (the route's action is erase.authorize).
  const raw = body.sn.trim();
  try {
    await deps.limiter.hit({ key: `erase-auth:acct:${actor.userId}`, max: 30, windowS: 600 });
  } catch (error) {
    const headers = error instanceof AppError ? error.headers : {};
    await refuse(
      deps,
      actor,
      raw,
      new EraseRefusal(429, ERASE_STATUS_INDEX.tooManyRequests, headers),
    );
  }
  if (raw === '') await refuse(deps, actor, raw, new EraseRefusal(400, ERASE_STATUS_INDEX.snEmpty));
  const parsed = serialNumberField.safeParse(raw);
  if (!parsed.success) {
    await refuse(
      deps,
      actor,
      raw.slice(0, 64),
      new EraseRefusal(400, ERASE_STATUS_INDEX.invalidSerialNumber),
    );
  }
  const sn = parsed.data!;
  if (!(await findSerialNumberInCompany(deps.db, actor.companyId, sn))) {
    await refuse(deps, actor, sn, new EraseRefusal(403, ERASE_STATUS_INDEX.notAllowed));
  }
  const model = (await listPrefixes(deps.db)).find((p) => sn.startsWith(p.prefix));
  if (!model)
    await refuse(deps, actor, sn, new EraseRefusal(400, ERASE_STATUS_INDEX.unsupportedModel));
  const credentials = await deps.credentials();
  return deps.db.transaction(async (tx) => {
    const eraseKey = await eraseKeyFor(tx, deps.box, model!.modelId);
    const authorization = await buildEraseAuthorization({
      sn,
      esn: body.esn,
      rn: body.rn.toUpperCase(),
      eraseKey,
      signingKey: credentials.sign,
      certificateChain: credentials.certificateChain,
      sha256: (data) => hash('sha256', data, 'buffer'),
    });
    await recordActorAudit(tx, actor, {
      action: 'erase.authorize',
      companyId: actor.companyId,
      target: `sn:${sn}`,
      detail: { model: model!.model, esn: body.esn },
    });
    return { ...authorization, model: model!.model };
  });
}

const toRecord = (r: EraseRecordRow) => ({
  id: r.id,
  sn: r.sn,
  esn: r.esn,
  rn: r.rn,
  status: r.status,
  isReported: r.isReported,
  isRespond: r.isRespond,
  additional_information: r.additionalInformation,
  model: r.model,
  user_email: r.userEmail,
  company_code: r.companyCode,
  created_at: r.createdAt.toISOString(),
  log: r.log as { text: string; hex: string; checksum: string }[],
});

/** POST /uld/erase: the page records how the run ended (success or the failing status). */
export async function recordErase(
  deps: EraseDeps,
  actor: ActorContext,
  body: { sn: string; esn: string; rn: string; status: number; log: unknown[] },
) {
  const sn = body.sn.toUpperCase();
  const model = sn
    ? ((await listPrefixes(deps.db)).find((p) => sn.startsWith(p.prefix))?.model ?? null)
    : null;
  const id = await deps.db.transaction(async (tx) => {
    const record = await insertEraseRecord(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      userEmail: actor.email,
      sn,
      esn: body.esn,
      rn: body.rn,
      model,
      status: body.status,
      log: body.log,
    });
    await recordActorAudit(tx, actor, {
      action: 'erase.record',
      result: body.status === 0 ? 'success' : 'failure',
      companyId: actor.companyId,
      target: `erase:${record.id}`,
      detail: { sn, status: body.status, message: eraseStatusMessage(body.status) },
    });
    return record.id;
  });
  return toRecord((await findEraseRecord(deps.db, id))!);
}

/** One record the actor may see; another company's id answers 404. */
async function visibleRecord(
  deps: EraseDeps,
  actor: ActorContext,
  id: string,
  action: 'erase.log.view' | 'erase.log.manage' = 'erase.log.view',
) {
  const scope = logScope(actor, action);
  const record = await findEraseRecord(deps.db, id);
  if (!record || (scope.companyId && record.companyId !== scope.companyId))
    throw fail('request.not_found');
  return record;
}

export async function getErase(deps: EraseDeps, actor: ActorContext, id: string) {
  return toRecord(await visibleRecord(deps, actor, id));
}

export async function listErase(deps: EraseDeps, actor: ActorContext, query: EraseListQuery) {
  const scope = logScope(actor, 'erase.log.view');
  const { rows, total } = await listEraseRecords(
    deps.db,
    {
      companyId: scope.companyId,
      search: query.search || undefined,
      statuses: query.filter,
      start: query.startDate
        ? wallTimeToInstant(`${query.startDate}T00:00`, actor.timeZone)
        : undefined,
      endExclusive: query.endDate
        ? new Date(wallTimeToInstant(`${query.endDate}T23:59`, actor.timeZone).getTime() + 60_000)
        : undefined,
    },
    {
      limit: query.limit,
      offset: (query.pageNumber - 1) * query.limit,
      sortBy: query.sortBy,
      order: query.order,
    },
  );
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      sn: r.sn,
      esn: r.esn,
      rn: r.rn,
      status: r.status,
      isReported: r.is_reported,
      isRespond: r.is_respond,
      additional_information: r.additional_information,
      model: r.model,
      user_email: r.user_email,
      company_code: r.company_code,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

async function mailReport(
  deps: EraseDeps,
  actor: ActorContext,
  record: EraseRecordRow,
  info: string,
) {
  await deps.mailer.send({
    to: deps.supportEmail,
    lang: 'en',
    kind: 'contact',
    data: {
      fromEmail: actor.email,
      fromName: actor.email,
      company: record.companyCode,
      subject: `Key Erase failure: ${record.sn || '(no serial number)'} — ${eraseStatusMessage(record.status)}`,
      content: `Record ${record.id}, status ${record.status} (${eraseStatusMessage(record.status)}), at ${record.createdAt.toISOString()}.\n\n${info}`,
    },
  });
}

/**
 * Marks a failed run as reported (awaiting support's answer) and mails it to support. The report
 * (PATCH) carries what the user adds; a resend (POST) sends what was reported before.
 */
async function sendReport(
  deps: EraseDeps,
  actor: ActorContext,
  id: string,
  action: 'erase.report' | 'erase.resend',
  additionalInformation?: string,
) {
  const record = await visibleRecord(deps, actor, id, 'erase.log.manage');
  if (record.status === 0) throw fail('erase.not_reportable');
  await deps.db.transaction(async (tx) => {
    await updateEraseRecord(tx, id, {
      isReported: true,
      isRespond: false,
      ...(additionalInformation === undefined ? {} : { additionalInformation }),
    });
    await recordActorAudit(tx, actor, {
      action,
      companyId: record.companyId,
      target: `erase:${id}`,
      detail: { sn: record.sn, status: record.status },
    });
  });
  await mailReport(deps, actor, record, additionalInformation ?? record.additionalInformation);
  return getErase(deps, actor, id);
}

/** PATCH /uld/erase/{id}: the user reports a failed run, with what they add. */
export const reportErase = (
  deps: EraseDeps,
  actor: ActorContext,
  id: string,
  body: { additional_information: string },
) => sendReport(deps, actor, id, 'erase.report', body.additional_information);

/** POST /uld/erase/{id}: sends a failed run's report again. */
export const resendErase = (deps: EraseDeps, actor: ActorContext, id: string) =>
  sendReport(deps, actor, id, 'erase.resend');

/** DELETE /uld/erase/{id} */
export async function removeErase(deps: EraseDeps, actor: ActorContext, id: string) {
  const record = await visibleRecord(deps, actor, id, 'erase.log.manage');
  await deps.db.transaction(async (tx) => {
    await deleteEraseRecord(tx, id);
    await recordActorAudit(tx, actor, {
      action: 'erase.delete',
      companyId: record.companyId,
      target: `erase:${id}`,
      detail: { sn: record.sn, status: record.status },
    });
  });
}

const DEMO_MODEL = 'Demo Terminal';
const DEMO_PREFIX = 'DEMO';

/**
 * POST /uld/erase/demo-terminal (demo mode only): a simulated terminal of the demo model, with a
 * serial number of the caller's company. It gets the demo model's key, never a real model's.
 */
export async function demoTerminal(deps: EraseDeps, actor: ActorContext) {
  const sn = `${DEMO_PREFIX}${actor.companyId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
  const credentials = await deps.credentials();
  const eraseKey = await deps.db.transaction(async (tx) => {
    const modelId = await ensureModelWithPrefix(
      tx,
      { name: DEMO_MODEL, family: 'newer', description: 'Simulated terminal of the demo mode' },
      DEMO_PREFIX,
    );
    await addSerialNumbers(tx, [{ companyId: actor.companyId, sn, modelId }]);
    return eraseKeyFor(tx, deps.box, modelId);
  });
  return {
    model: DEMO_MODEL,
    sn,
    esn: `ESN${sn.slice(-8)}`,
    eraseKey: Buffer.from(eraseKey).toString('hex').toUpperCase(),
    rootCertificate: credentials.rootCertificate,
  };
}
