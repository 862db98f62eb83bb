import { createReadStream } from 'node:fs';
import path from 'node:path';
import { isApiErrorCode } from '@tkc/contracts/api/error-codes';
import { signApk } from '@tkc/formats/apk/sign-apk';
import { FormatError } from '@tkc/formats/format-error';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { formatRefusal } from '../../lib/format-refusal';
import type { JobContext } from '../../lib/jobs/job-queue';
import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import { deleteBlob } from '../../lib/storage/blob-repo';
import type { BlobStore } from '../../lib/storage/blob-store';
import { withTempDir } from '../../lib/temp-dir';
import { type ApprovalRow, findApproval, recordApprovalStep } from '../approvals/approvals-service';
import { copyBlobToFile } from './signer-file-check';
import { openCompanyKey } from './signer-keys-service';
import { findSignerRequest, moveSignStatus, type SignerRequestRow } from './signer-repo';
import { type SignerFailure, signedFileName, signerApprovals } from './signer-view';

// The signing job (docs/signer.md#signing): an approved request's upload is streamed to a
// temporary file, signed there with the company's key (APK: @tkc/formats signApk; CAP: the
// company's ULD User key), the result stored as a blob, and the request marked signed, with its
// history, audit event and mails. A file the library refuses fails the request at once; other
// errors are retried by the queue, and fail the request on the last attempt.

export type SigningDeps = {
  db: Db;
  blobs: BlobStore;
  box: SecretBox;
  mailer: QueuedMailer;
  clock: () => Date;
  publicUrl: string;
  /** Signs a CAP with the company's ULD User signing key (features/uld-keys). */
  signCap?: (input: string, output: string, companyId: string) => Promise<{ keySha256: string }>;
};

type Signed = { blobId: string; sha256: string; size: number; keySha256: string };

/** A failure that another attempt would not change. */
class PermanentFailure extends Error {
  constructor(readonly failure: SignerFailure) {
    super(failure.message);
  }
}

const permanent = (message: string, code: string | null = null, params = {}) =>
  new PermanentFailure({ code, params, message });

function failureOf(error: unknown): SignerFailure | null {
  if (error instanceof PermanentFailure) return error.failure;
  if (error instanceof FormatError) {
    const refusal = formatRefusal(error);
    return {
      code: isApiErrorCode(error.code) ? error.code : null,
      params: refusal.params,
      message: error.message,
    };
  }
  if (error instanceof AppError)
    return { code: error.code, params: error.params, message: error.message };
  return null;
}

async function signToBlob(
  deps: SigningDeps,
  request: ApprovalRow,
  file: SignerRequestRow,
): Promise<Signed> {
  if (!file.inputBlobId) throw permanent('The uploaded file is no longer stored.');
  const inputBlobId = file.inputBlobId;
  return withTempDir(async (dir) => {
    const input = path.join(dir, `input.${file.fileType}`);
    const output = path.join(dir, `signed.${file.fileType}`);
    const copied = await copyBlobToFile(deps.blobs, inputBlobId, input);
    if (copied.sha256 !== file.inputSha256) {
      throw permanent('The stored file no longer has the SHA-256 that was approved.');
    }
    let keySha256: string;
    if (file.fileType === 'apk') {
      const key = await openCompanyKey(deps.db, deps.box, request.companyId);
      if (!key) {
        throw permanent(
          `No signing key for company ${request.companyCode}`,
          'signer.no_signing_key',
          {
            company: request.companyCode,
          },
        );
      }
      await signApk({
        input,
        output,
        privateKey: key.privateKey,
        certificate: key.certificatePem,
        schemes: file.schemes ?? { v1: false, v2: true, v3: true },
        // Both files are hashed here already: the input as it leaves blob storage (checked
        // above), the output as it goes in (docs/formats/apk-signing.md#benchmark).
        fileSha256: false,
      });
      keySha256 = key.sha256;
    } else {
      if (!deps.signCap) throw permanent('CAP signing is not available on this server.');
      keySha256 = (await deps.signCap(input, output, request.companyId)).keySha256;
    }
    const blob = await deps.blobs.put(
      {
        kind: 'signer-output',
        companyId: request.companyId,
        createdBy: request.requestedBy,
        fileName: signedFileName(file.fileName),
      },
      createReadStream(output),
    );
    return { blobId: blob.id, sha256: blob.sha256 ?? '', size: blob.size ?? 0, keySha256 };
  });
}

/** The handler of SIGN_JOB: `{ requestId }`. */
export function signingJob(deps: SigningDeps, attempts: number) {
  const spec = signerApprovals(deps.publicUrl);
  const approvalDeps = { clock: deps.clock, mailer: deps.mailer };
  return async (job: JobContext<Record<string, unknown>>) => {
    const id = String(job.payload.requestId);
    const request = await findApproval(deps.db, spec, id);
    const file = request && (await findSignerRequest(deps.db, id));
    // Signed or failed already (a repeated job), or not approved: nothing to do.
    if (!request || !file || request.status !== 'approved' || file.signStatus !== 'signing') return;
    let signed: Signed;
    try {
      signed = await signToBlob(deps, request, file);
    } catch (error) {
      const failure = failureOf(error);
      if (!failure && job.attempt < attempts) throw error;
      const reason = failure ?? {
        code: null,
        params: {},
        message: `Signing failed: ${(error as Error).message}`.slice(0, 500),
      };
      await deps.db.transaction(async (tx) => {
        const moved = await moveSignStatus(tx, id, ['signing'], {
          signStatus: 'failed',
          failure: JSON.stringify(reason),
        });
        if (!moved) return;
        await recordApprovalStep(
          tx,
          approvalDeps,
          spec,
          request,
          {
            event: 'failed',
            who: 'system',
            result: 'failure',
            note: reason.message,
            mail: 'failed',
          },
          { title: file.fileName, detail: { file: file.fileName, failure: reason.message } },
        );
      });
      return;
    }
    try {
      await deps.db.transaction(async (tx) => {
        const moved = await moveSignStatus(tx, id, ['signing'], {
          signStatus: 'signed',
          outputBlobId: signed.blobId,
          outputSha256: signed.sha256,
          outputSize: signed.size,
          keySha256: signed.keySha256,
          signedAt: deps.clock(),
        });
        if (!moved) throw new Error('the request left the signing state meanwhile');
        await recordApprovalStep(
          tx,
          approvalDeps,
          spec,
          request,
          { event: 'signed', who: 'system', note: signed.sha256, mail: 'completed' },
          {
            title: file.fileName,
            detail: { file: file.fileName, sha256: signed.sha256, key: signed.keySha256 },
          },
        );
      });
    } catch (error) {
      // The signed file must not outlive a request that does not point at it.
      await deleteBlob(deps.db, signed.blobId);
      throw error;
    }
  };
}
