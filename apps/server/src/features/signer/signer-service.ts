import type { Readable } from 'node:stream';
import type { SignerListQuery } from '@tkc/contracts/api/signer';
import { dateRangeOf } from '@tkc/contracts/list-query';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import type { BlobStore } from '../../lib/storage/blob-store';
import type { ActorContext } from '../access/actor-service';
import {
  assertCanDecide,
  decideApproval,
  findApproval,
  openApproval,
} from '../approvals/approvals-service';
import { recordActorAudit } from '../audit/audit-service';
import { checkSignerInput } from './signer-file-check';
import {
  findSignerKey,
  findSignerRequest,
  insertSignerRequest,
  listSignerRequests,
  moveSignStatus,
} from './signer-repo';
import {
  detailOf,
  readScope,
  rowOf,
  signedFileName,
  signerApprovals,
  visibleRequest,
} from './signer-view';

// Signing requests (docs/signer.md): a requester turns a finished upload into a request, a
// manager of the same company approves (the signing job then runs) or rejects it, and the signed
// file is downloaded. Each step commits with its audit event and its mails.

export type SignerDeps = {
  db: Db;
  blobs: BlobStore;
  jobs: JobQueue;
  mailer: QueuedMailer;
  box: SecretBox;
  clock: () => Date;
  publicUrl: string;
  /** Largest file a request may name (UPLOAD_MAX_BYTES). */
  maxBytes: number;
};

export const SIGN_JOB = 'signer.sign';
/** Attempts of a signing job before the request counts as failed. */
export const SIGN_JOB_ATTEMPTS = 3;
/** An APK for platforms before Android 7.0 (API 24) needs the JAR (v1) signature to install. */
const V2_FIRST_SDK = 24;

const approvalDeps = (deps: SignerDeps) => ({ clock: deps.clock, mailer: deps.mailer });

/** The caller's own finished signer upload, or the refusal a form shows at its file. */
async function ownUpload(deps: SignerDeps, actor: ActorContext, uploadId: string) {
  if (uploadId === '') throw fail('signer.no_source');
  if (!z.uuid().safeParse(uploadId).success) throw fail('signer.invalid_file');
  const blob = await deps.blobs.info(uploadId);
  const isOwn =
    blob?.kind === 'signer-input' &&
    blob.createdBy === actor.userId &&
    blob.companyId === actor.companyId;
  if (!blob || !isOwn) throw fail('signer.invalid_file');
  return blob;
}

/**
 * POST /signer/requests: checks the upload (its digest against the browser's, its content) and
 * opens the request. A refused upload is deleted, so a refusal leaves no request and no chunk.
 */
export async function createSignRequest(
  deps: SignerDeps,
  actor: ActorContext,
  body: { upload_id: string; sha256: string; comment: string; v1: boolean },
) {
  const blob = await ownUpload(deps, actor, body.upload_id);
  const spec = signerApprovals(deps.publicUrl);
  try {
    const checked = await checkSignerInput(deps.blobs, blob, {
      clientSha256: body.sha256,
      maxBytes: deps.maxBytes,
    });
    const minSdk = checked.fileType === 'apk' ? (checked.apk.minSdkVersion ?? 1) : null;
    const id = await deps.db.transaction(async (tx) => {
      const requestId = await openApproval(tx, approvalDeps(deps), spec, actor, {
        title: blob.fileName,
        comment: body.comment,
        detail: {
          file: blob.fileName,
          sha256: blob.sha256,
          size: blob.size,
          type: checked.fileType,
          label: checked.label,
          version: checked.version,
        },
      });
      await insertSignerRequest(tx, {
        requestId,
        fileType: checked.fileType,
        fileName: blob.fileName,
        fileSize: blob.size ?? 0,
        inputSha256: blob.sha256 ?? '',
        inputBlobId: blob.id,
        comment: body.comment,
        label: checked.label,
        version: checked.version,
        facts: checked.fileType === 'apk' ? checked.apk : checked.cap,
        schemes:
          minSdk === null ? null : { v1: body.v1 || minSdk < V2_FIRST_SDK, v2: true, v3: true },
      });
      return requestId;
    });
    return getSignRequest(deps, actor, id);
  } catch (error) {
    // The client's mistake: the upload goes, with its chunks. Anything else keeps it for a retry.
    if (error instanceof AppError) await deps.blobs.remove(blob.id);
    throw error;
  }
}

/** GET /signer/requests */
export async function listSignRequests(
  deps: SignerDeps,
  actor: ActorContext,
  query: SignerListQuery,
) {
  const scope = readScope(actor);
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const { rows, total } = await listSignerRequests(
    deps.db,
    {
      kind: 'signer',
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
      id: r.id,
      file_type: r.file_type,
      file_name: r.file_name,
      file_size: Number(r.file_size),
      sha256: r.sha256,
      comment: r.comment,
      status: r.status,
      company_code: r.company_code,
      requester_email: r.requester_email,
      decider_email: r.decider_email,
      package: r.label,
      version: r.version,
      created_at: new Date(r.created_at).toISOString(),
      decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    })),
  };
}

/** GET /signer/requests/{id} */
export async function getSignRequest(deps: SignerDeps, actor: ActorContext, id: string) {
  const spec = signerApprovals(deps.publicUrl);
  const { request, file } = await visibleRequest(deps.db, spec, actor, id);
  return detailOf(deps.db, spec, actor, request, file);
}

/** What an APK request needs before it can be approved: the company's key, fit for the schemes. */
async function assertCanSign(
  deps: SignerDeps,
  companyId: string,
  companyCode: string,
  facts: unknown,
  schemes: { v1: boolean } | null,
) {
  const key = await findSignerKey(deps.db, companyId);
  if (!key) throw fail('signer.no_signing_key', { company: companyCode });
  const minSdk = (facts as { minSdkVersion?: number | null }).minSdkVersion ?? 1;
  // signApk refuses this too; refusing at approval keeps a request from failing later.
  if (schemes?.v1 && key.algorithm.startsWith('ECDSA') && minSdk < 18) {
    throw fail('apk.v1_ecdsa_needs_min_sdk_18', { minSdkVersion: minSdk });
  }
}

/** POST /signer/requests/{id}/approve: decided, then signed by the background job. */
export async function approveSignRequest(
  deps: SignerDeps,
  actor: ActorContext,
  id: string,
  body: { note: string },
) {
  const spec = signerApprovals(deps.publicUrl);
  const { request, file } = await decidableRequest(deps, actor, id);
  if (request.status !== 'pending') throw fail('approval.not_pending');
  if (file.fileType === 'apk') {
    await assertCanSign(deps, request.companyId, request.companyCode, file.facts, file.schemes);
  }
  await deps.db.transaction(async (tx) => {
    await decideApproval(
      tx,
      approvalDeps(deps),
      spec,
      actor,
      request,
      { isApproved: true, reason: body.note },
      {
        title: file.fileName,
        comment: file.comment,
        detail: { file: file.fileName, sha256: file.inputSha256 },
      },
    );
    await moveSignStatus(tx, id, ['waiting'], { signStatus: 'signing' });
    await deps.jobs.enqueue(
      tx,
      SIGN_JOB,
      { requestId: id },
      { uniqueKey: `${SIGN_JOB}:${id}`, maxAttempts: SIGN_JOB_ATTEMPTS },
    );
  });
  return getSignRequest(deps, actor, id);
}

/** POST /signer/requests/{id}/reject */
export async function rejectSignRequest(
  deps: SignerDeps,
  actor: ActorContext,
  id: string,
  body: { reason: string },
) {
  const spec = signerApprovals(deps.publicUrl);
  const { request, file } = await decidableRequest(deps, actor, id);
  await deps.db.transaction((tx) =>
    decideApproval(
      tx,
      approvalDeps(deps),
      spec,
      actor,
      request,
      { isApproved: false, reason: body.reason },
      {
        title: file.fileName,
        comment: file.comment,
        detail: { file: file.fileName, sha256: file.inputSha256 },
      },
    ),
  );
  return getSignRequest(deps, actor, id);
}

/**
 * A request the actor may decide: of their company (another company's answers 404), and not
 * their own (the two-person rule).
 */
async function decidableRequest(deps: SignerDeps, actor: ActorContext, id: string) {
  const spec = signerApprovals(deps.publicUrl);
  const request = await findApproval(deps.db, spec, id);
  const file = request && (await findSignerRequest(deps.db, id));
  if (!request || !file) throw fail('request.not_found');
  assertCanDecide(actor, spec, request);
  return { request, file };
}

/** GET /signer/requests/{id}/download: the signed file, streamed, with its SHA-256. */
export async function downloadSignedFile(
  deps: SignerDeps,
  actor: ActorContext,
  id: string,
): Promise<{ stream: Readable; fileName: string; size: number; sha256: string; fileType: string }> {
  const spec = signerApprovals(deps.publicUrl);
  const { request, file } = await visibleRequest(deps.db, spec, actor, id);
  const row = rowOf(request, file);
  if (row.status !== 'signed' || !file.outputBlobId || !file.outputSha256) {
    throw fail('signer.not_signed');
  }
  const fileName = signedFileName(file.fileName);
  await deps.db.transaction((tx) =>
    recordActorAudit(tx, actor, {
      action: 'signer.download',
      companyId: request.companyId,
      target: `signer-request:${id}`,
      detail: { file: fileName, sha256: file.outputSha256 },
    }),
  );
  return {
    stream: deps.blobs.read(file.outputBlobId),
    fileName,
    size: file.outputSize ?? 0,
    sha256: file.outputSha256,
    fileType: file.fileType,
  };
}
