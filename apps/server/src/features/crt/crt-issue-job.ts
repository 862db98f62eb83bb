import { isApiErrorCode } from '@tkc/contracts/api/error-codes';
import type { CapHeaderFields } from '@tkc/formats/cap/cap-fields';
import { buildCertificateCapBytes } from '@tkc/formats/cap/certificate-cap';
import { FormatError } from '@tkc/formats/format-error';
import { AppError } from '../../lib/errors';
import { formatRefusal } from '../../lib/format-refusal';
import type { JobContext } from '../../lib/jobs/job-queue';
import { deleteBlob } from '../../lib/storage/blob-repo';
import { recordApprovalStep } from '../approvals/approvals-service';
import { signingKeyOf, userKeySet } from '../uld-keys/uld-keys-service';
import { type CompanyAuthority, companyAuthority } from './crt-authority';
import { certificateRows, type IssuedTerminal, issueTerminals } from './crt-issue';
import { insertCertificates } from './crt-repo';
import { type CrtRequestRecord, findCrtRequest, moveIssueStatus } from './crt-requests-repo';
import { type CrtDeps, titleOf } from './crt-requests-service';
import { findRequest, groupFileName, terminalFileName } from './crt-view';

// The issue job (docs/crt.md#requests): an approved request's terminals get their key pairs and
// certificates under the company CA, packed into Certificate CAPs under the company's ULD User
// keys (one per terminal for a Certificate CAP request, one for a group), stored as blobs; then
// the certificates are recorded and the request marked issued, with its history, audit event
// and mails, in one transaction. A refusal that another attempt would not change (no User
// signing key, a bad header) fails the request at once; anything else is retried by the queue.

type Failure = { code: string | null; params: Record<string, string | number>; message: string };

function failureOf(error: unknown): Failure | null {
  if (error instanceof FormatError) {
    return {
      code: isApiErrorCode(error.code) ? error.code : null,
      params: formatRefusal(error).params,
      message: error.message,
    };
  }
  if (error instanceof AppError)
    return { code: error.code, params: error.params, message: error.message };
  return null;
}

type Made = {
  issued: IssuedTerminal[];
  /** One CAP per terminal (Certificate CAP request), by SN. */
  caps: Map<string, { blobId: string; sha256: string; size: number }>;
  /** The request's own CAP: a group's, or a one-terminal request's. */
  output: { blobId: string; sha256: string; size: number; fileName: string } | null;
};

/** The CAP header of a Certificate CAP (docs/crt.md#requests). */
function headerOf(
  authority: CompanyAuthority,
  row: CrtRequestRecord,
  label: string,
): CapHeaderFields {
  const code = authority.company.code;
  return {
    title:
      row.selection === 'model' ? `Key Certificate Group ${row.label}` : `Certificate CAP ${label}`,
    version: '1.00',
    company: authority.company.name.slice(0, 128),
    companyCap: code.slice(0, 20),
    comment: row.comment.slice(0, 255) || '-',
    description: `Terminal certificates of ${row.modelName}`.slice(0, 255),
    product: row.modelName.slice(0, 128),
    companyCode: code.slice(0, 32),
    keyName: label.length >= 4 ? label.slice(0, 64) : `CRT ${label}`,
  };
}

async function makeCaps(
  deps: CrtDeps,
  tool: 'crt' | 'kcg',
  request: { companyId: string; requestedBy: string | null },
  row: CrtRequestRecord,
): Promise<Made> {
  const authority = await companyAuthority(deps, request.companyId);
  const signing = await signingKeyOf(deps, request.companyId);
  const user = await userKeySet(deps, request.companyId);
  const issued = await issueTerminals(
    authority,
    row.sns.map((sn) => ({ sn, model: row.modelName })),
    deps.clock(),
  );
  const put = async (fileName: string, bytes: Uint8Array) => {
    const blob = await deps.blobs.put(
      {
        kind: 'crt-output',
        companyId: request.companyId,
        createdBy: request.requestedBy,
        fileName,
      },
      (async function* () {
        yield bytes;
      })(),
    );
    return { blobId: blob.id, sha256: blob.sha256 ?? '', size: blob.size ?? 0 };
  };
  const capOf = (terminals: IssuedTerminal[], label: string, group: boolean) =>
    buildCertificateCapBytes({
      version: 4,
      fields: headerOf(authority, row, label),
      company: authority.company.code,
      model: row.modelName,
      group: group
        ? { name: row.label, selection: row.selection as 'model' | 'list', count: terminals.length }
        : null,
      terminals: terminals.map((t) => ({ sn: t.sn, chainPem: t.chainPem, keyPkcs8: t.keyPkcs8 })),
      kekPublicKey: user.kek.publicKey,
      signingKey: signing.privateKey,
    });
  const made: Made = { issued, caps: new Map(), output: null };
  try {
    if (tool === 'kcg') {
      const fileName = groupFileName(row.label);
      made.output = { ...(await put(fileName, await capOf(issued, row.label, true))), fileName };
      return made;
    }
    for (const t of issued) {
      made.caps.set(t.sn, await put(terminalFileName(t.sn), await capOf([t], t.sn, false)));
    }
    if (issued.length === 1) {
      made.output = { ...made.caps.get(issued[0]!.sn)!, fileName: terminalFileName(issued[0]!.sn) };
    }
    return made;
  } catch (error) {
    await removeBlobs(deps, made);
    throw error;
  }
}

async function removeBlobs(deps: CrtDeps, made: Made) {
  const ids = new Set([...made.caps.values()].map((c) => c.blobId));
  if (made.output) ids.add(made.output.blobId);
  for (const id of ids) await deleteBlob(deps.db, id);
}

/** The handler of ISSUE_JOB: `{ requestId }`. */
export function issueJob(deps: CrtDeps, attempts: number) {
  const approvalDeps = { clock: deps.clock, mailer: deps.mailer };
  return async (job: JobContext<Record<string, unknown>>) => {
    const id = String(job.payload.requestId);
    const found = await findRequest(deps.db, deps.publicUrl, id).catch(() => null);
    const row = found && (await findCrtRequest(deps.db, id));
    // Issued or failed already (a repeated job), or not approved: nothing to do.
    if (!found || !row || found.request.status !== 'approved' || row.issueStatus !== 'issuing')
      return;
    const { tool, spec, request } = found;
    const title = titleOf(row.label, row.modelName);
    let made: Made;
    try {
      made = await makeCaps(deps, tool, request, row);
    } catch (error) {
      const failure = failureOf(error);
      if (!failure && job.attempt < attempts) throw error;
      const reason = failure ?? {
        code: null,
        params: {},
        message: `Issuing failed: ${(error as Error).message}`.slice(0, 500),
      };
      await deps.db.transaction(async (tx) => {
        if (
          !(await moveIssueStatus(tx, id, ['issuing'], { issueStatus: 'failed', failure: reason }))
        )
          return;
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
          { title, detail: { failure: reason.message } },
        );
      });
      return;
    }
    try {
      await deps.db.transaction(async (tx) => {
        const now = deps.clock();
        const rows = certificateRows(request.companyId, made.issued, id, now).map((r) => {
          const cap = made.caps.get(r.sn);
          return cap
            ? { ...r, capBlobId: cap.blobId, capSha256: cap.sha256, capSize: cap.size }
            : r;
        });
        await insertCertificates(tx, rows);
        const moved = await moveIssueStatus(tx, id, ['issuing'], {
          issueStatus: 'issued',
          outputBlobId: made.output?.blobId ?? null,
          outputSha256: made.output?.sha256 ?? null,
          outputSize: made.output?.size ?? null,
          fileName: made.output?.fileName ?? null,
          issuedAt: now,
        });
        if (!moved) throw new Error('the request left the issuing state meanwhile');
        await recordApprovalStep(
          tx,
          approvalDeps,
          spec,
          request,
          {
            event: 'issued',
            who: 'system',
            note: `${made.issued.length} certificates`,
            mail: 'completed',
          },
          {
            title,
            detail: {
              count: made.issued.length,
              serials: made.issued
                .slice(0, 20)
                .map((t) => ({ sn: t.sn, serial: t.certificate.serial })),
              ...(made.output ? { sha256: made.output.sha256 } : {}),
            },
          },
        );
      });
    } catch (error) {
      // The CAPs must not outlive a request that does not point at them.
      await removeBlobs(deps, made);
      throw error;
    }
  };
}
