import type { Readable } from 'node:stream';
import type { CrtRequestListQuery, CrtTool } from '@tkc/contracts/api/crt-requests';
import { dateRangeOf } from '@tkc/contracts/list-query';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import type { BlobStore } from '../../lib/storage/blob-store';
import type { ActorContext } from '../access/actor-service';
import { assertCanDecide, decideApproval, openApproval } from '../approvals/approvals-service';
import { recordActorAudit } from '../audit/audit-service';
import { visibleCertificate } from './crt-certificates-service';
import { checkedModel, checkedSerials, serialsOfModel } from './crt-data-service';
import { insertCrtRequest, listCrtRequests, moveIssueStatus } from './crt-requests-repo';
import {
  crtApprovals,
  detailOf,
  findRequest,
  readScope,
  terminalFileName,
  visibleRequest,
} from './crt-view';

// Certificate CAP and Key Certificate Group requests (docs/crt.md#requests): a request names
// serial numbers of the requester's company and a model; a crt-manager of the company approves
// (the issue job then makes the certificates and the CAP) or rejects it; the CAP is downloaded.
// Each step commits with its audit event and its mails (features/approvals).

export type CrtDeps = {
  db: Db;
  box: SecretBox;
  blobs: BlobStore;
  jobs: JobQueue;
  mailer: QueuedMailer;
  clock: () => Date;
  publicUrl: string;
};

export const ISSUE_JOB = 'crt.issue';
/** Attempts of an issue job before the request counts as failed. */
export const ISSUE_JOB_ATTEMPTS = 3;

const approvalDeps = (deps: CrtDeps) => ({ clock: deps.clock, mailer: deps.mailer });

/** What the mails and the audit show of a request. */
export const titleOf = (label: string, model: string) => `${label} (${model})`;

type NewRequest = {
  tool: CrtTool;
  model: { id: string; name: string };
  selection: 'model' | 'list';
  sns: string[];
  label: string;
  comment: string;
};

async function openRequest(deps: CrtDeps, actor: ActorContext, r: NewRequest) {
  const id = await deps.db.transaction(async (tx) => {
    const requestId = await openApproval(
      tx,
      approvalDeps(deps),
      crtApprovals(deps.publicUrl, r.tool),
      actor,
      {
        title: titleOf(r.label, r.model.name),
        comment: r.comment,
        detail: {
          model: r.model.name,
          selection: r.selection,
          count: r.sns.length,
          sns: r.sns.slice(0, 20),
          label: r.label,
        },
      },
    );
    await insertCrtRequest(tx, {
      requestId,
      modelId: r.model.id,
      modelName: r.model.name,
      selection: r.selection,
      sns: r.sns,
      label: r.label,
      comment: r.comment,
    });
    return requestId;
  });
  return getCrtRequest(deps, actor, id);
}

/** POST /crt/requests: one CAP per serial number, after approval. */
export async function createCrtRequest(
  deps: CrtDeps,
  actor: ActorContext,
  body: { sns: string[]; model_id: string; models_version: string; comment: string },
) {
  const model = await checkedModel(deps.db, body.model_id, body.models_version);
  const sns = await checkedSerials(deps.db, actor.companyId, model, body.sns);
  const label = sns.length === 1 ? sns[0]! : `${sns[0]} +${sns.length - 1}`;
  return openRequest(deps, actor, {
    tool: 'crt',
    model,
    selection: 'list',
    sns,
    label,
    comment: body.comment,
  });
}

/** POST /kcg/requests: one CAP for the group (a model's terminals, or a list). */
export async function createKcgRequest(
  deps: CrtDeps,
  actor: ActorContext,
  body: {
    name: string;
    model_id: string;
    models_version: string;
    selection: 'model' | 'list';
    sns: string[];
    comment: string;
  },
) {
  const model = await checkedModel(deps.db, body.model_id, body.models_version);
  const sns =
    body.selection === 'model'
      ? await serialsOfModel(deps.db, actor.companyId, model)
      : await checkedSerials(deps.db, actor.companyId, model, body.sns);
  return openRequest(deps, actor, {
    tool: 'kcg',
    model,
    selection: body.selection,
    sns,
    label: body.name,
    comment: body.comment,
  });
}

/** GET /crt/requests */
export async function listCrtRequestsFor(
  deps: CrtDeps,
  actor: ActorContext,
  query: CrtRequestListQuery,
) {
  const scope = readScope(actor);
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const { rows, total } = await listCrtRequests(
    deps.db,
    {
      tools: query.tool ? [query.tool] : ['crt', 'kcg'],
      companyId: scope.companyId,
      requesterId: query.view === 'mine' ? actor.userId : scope.requesterId,
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
  return {
    total,
    data: rows.map((r) => ({
      ...r,
      sn_count: Number(r.sn_count),
      created_at: new Date(r.created_at).toISOString(),
      decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    })),
  };
}

/** GET /crt/requests/{id} */
export async function getCrtRequest(deps: CrtDeps, actor: ActorContext, id: string) {
  return detailOf(deps.db, actor, await visibleRequest(deps.db, deps.publicUrl, actor, id));
}

/** A request the actor may decide: of their company (else 404), not their own. */
async function decidable(deps: CrtDeps, actor: ActorContext, id: string) {
  const found = await findRequest(deps.db, deps.publicUrl, id);
  assertCanDecide(actor, found.spec, found.request);
  return found;
}

const factsOf = (found: Awaited<ReturnType<typeof decidable>>) => ({
  title: titleOf(found.row.label, found.row.modelName),
  comment: found.row.comment,
  detail: { model: found.row.modelName, count: found.row.sns.length, label: found.row.label },
});

/** POST /crt/requests/{id}/approve: decided, then issued by the background job. */
export async function approveCrtRequest(
  deps: CrtDeps,
  actor: ActorContext,
  id: string,
  body: { note: string },
) {
  const found = await decidable(deps, actor, id);
  if (found.request.status !== 'pending') throw fail('approval.not_pending');
  await deps.db.transaction(async (tx) => {
    await decideApproval(
      tx,
      approvalDeps(deps),
      found.spec,
      actor,
      found.request,
      { isApproved: true, reason: body.note },
      factsOf(found),
    );
    await moveIssueStatus(tx, id, ['waiting'], { issueStatus: 'issuing' });
    await deps.jobs.enqueue(
      tx,
      ISSUE_JOB,
      { requestId: id },
      { uniqueKey: `${ISSUE_JOB}:${id}`, maxAttempts: ISSUE_JOB_ATTEMPTS },
    );
  });
  return getCrtRequest(deps, actor, id);
}

/** POST /crt/requests/{id}/reject */
export async function rejectCrtRequest(
  deps: CrtDeps,
  actor: ActorContext,
  id: string,
  body: { reason: string },
) {
  const found = await decidable(deps, actor, id);
  await deps.db.transaction((tx) =>
    decideApproval(
      tx,
      approvalDeps(deps),
      found.spec,
      actor,
      found.request,
      { isApproved: false, reason: body.reason },
      factsOf(found),
    ),
  );
  return getCrtRequest(deps, actor, id);
}

export type CapFile = { stream: Readable; fileName: string; size: number; sha256: string };

/** GET /crt/requests/{id}/download: a group's CAP, or the CAP of a one-terminal request. */
export async function downloadRequestCap(
  deps: CrtDeps,
  actor: ActorContext,
  id: string,
): Promise<CapFile> {
  const found = await visibleRequest(deps.db, deps.publicUrl, actor, id);
  const { row, request, tool } = found;
  const detail = await detailOf(deps.db, actor, found);
  if (detail.status !== 'issued' || !row.outputBlobId || !row.outputSha256)
    throw fail('crt.not_issued');
  const fileName = detail.output!.file_name;
  await deps.db.transaction((tx) =>
    recordActorAudit(tx, actor, {
      action: tool === 'kcg' ? 'kcg.download' : 'crt.download',
      companyId: request.companyId,
      target: `${tool}-request:${id}`,
      detail: { file: fileName, sha256: row.outputSha256 },
    }),
  );
  return {
    stream: deps.blobs.read(row.outputBlobId),
    fileName,
    size: row.outputSize ?? 0,
    sha256: row.outputSha256,
  };
}

/** GET /crt/certificates/{id}/cap: the Certificate CAP made for that terminal alone. */
export async function downloadCertificateCap(
  deps: CrtDeps,
  actor: ActorContext,
  id: string,
): Promise<CapFile> {
  const certificate = await visibleCertificate(deps, actor, id);
  // A requester reaches only the CAPs of their own requests (as they see only those).
  if (certificate.requestId)
    await visibleRequest(deps.db, deps.publicUrl, actor, certificate.requestId);
  if (!certificate.capBlobId || !certificate.capSha256) throw fail('crt.not_issued');
  const fileName = terminalFileName(certificate.sn);
  await deps.db.transaction((tx) =>
    recordActorAudit(tx, actor, {
      action: 'crt.download',
      companyId: certificate.companyId,
      target: `certificate:${id}`,
      detail: { file: fileName, sn: certificate.sn, sha256: certificate.capSha256 },
    }),
  );
  return {
    stream: deps.blobs.read(certificate.capBlobId),
    fileName,
    size: certificate.capSize ?? 0,
    sha256: certificate.capSha256,
  };
}
