import { can, scopeOf } from '@tkc/contracts/access/permissions';
import type { SignerDetail, SignerRow, SignerStatus } from '@tkc/contracts/api/signer';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/errors';
import type { ActorContext } from '../access/actor-service';
import {
  type ApprovalRow,
  type ApprovalSpec,
  approvalHistory,
  canDecide,
  findApproval,
} from '../approvals/approvals-service';
import type { ApkFacts, CapFacts } from './signer-file-check';
import { companyKeySummary } from './signer-keys-service';
import { findSignerRequest, type SignerRequestRow } from './signer-repo';

// Who sees which request, and how a request looks to the page (docs/signer.md#who-sees-what).

/** The Signer's use of the approval module; `publicUrl` makes the mails' links. */
export const signerApprovals = (publicUrl: string): ApprovalSpec => ({
  kind: 'signer',
  decideAction: 'signer.approve',
  managerRole: 'sig-manager',
  linkOf: (id) => `${publicUrl}/signer?request=${encodeURIComponent(id)}`,
});

export type SignerFailure = {
  code: string | null;
  params: Record<string, string | number>;
  message: string;
};

const statusOf = (request: ApprovalRow, file: SignerRequestRow): SignerStatus =>
  request.status === 'pending'
    ? 'pending'
    : request.status === 'rejected'
      ? 'rejected'
      : file.signStatus === 'signed'
        ? 'signed'
        : file.signStatus === 'failed'
          ? 'failed'
          : 'signing';

/**
 * Whose requests the actor reads: every company's (a platform grant), their company's (a
 * manager, who decides them), or only their own (a requester). Null company: all companies.
 */
export function readScope(actor: ActorContext): { companyId?: string; requesterId?: string } {
  if (scopeOf(actor, 'signer.view') === 'all') return {};
  if (can(actor, 'signer.approve', actor.companyCode)) return { companyId: actor.companyId };
  return { companyId: actor.companyId, requesterId: actor.userId };
}

/** The request and its file when the actor may read it; anything else answers 404. */
export async function visibleRequest(
  db: DbOrTx,
  spec: ApprovalSpec,
  actor: ActorContext,
  id: string,
): Promise<{ request: ApprovalRow; file: SignerRequestRow }> {
  const request = await findApproval(db, spec, id);
  const file = request && (await findSignerRequest(db, id));
  if (!request || !file) throw fail('request.not_found');
  const scope = readScope(actor);
  const isVisible =
    (!scope.companyId || scope.companyId === request.companyId) &&
    (!scope.requesterId || scope.requesterId === request.requestedBy);
  if (!isVisible) throw fail('request.not_found');
  return { request, file };
}

export function rowOf(request: ApprovalRow, file: SignerRequestRow): SignerRow {
  return {
    id: request.id,
    file_type: file.fileType as 'apk' | 'cap',
    file_name: file.fileName,
    file_size: file.fileSize,
    sha256: file.inputSha256,
    comment: file.comment,
    status: statusOf(request, file),
    company_code: request.companyCode,
    requester_email: request.requesterEmail,
    decider_email: request.deciderEmail,
    package: file.label,
    version: file.version,
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt?.toISOString() ?? null,
  };
}

/** The signed file's name: the upload's with '-signed' before its extension. */
export function signedFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${fileName.slice(0, dot)}-signed${fileName.slice(dot)}` : `${fileName}-signed`;
}

const parseFailure = (text: string | null): SignerFailure | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as SignerFailure;
  } catch {
    return { code: null, params: {}, message: text };
  }
};

export async function detailOf(
  db: DbOrTx,
  spec: ApprovalSpec,
  actor: ActorContext,
  request: ApprovalRow,
  file: SignerRequestRow,
): Promise<SignerDetail> {
  const row = rowOf(request, file);
  const apk = file.fileType === 'apk' ? (file.facts as ApkFacts) : null;
  const cap = file.fileType === 'cap' ? (file.facts as CapFacts) : null;
  return {
    ...row,
    reason: request.reason,
    apk: apk && {
      package: apk.package,
      version_code: apk.versionCode,
      version_name: apk.versionName,
      min_sdk: apk.minSdkVersion,
      entry_count: apk.entryCount,
      signers: apk.signers.map((s) => ({
        scheme: s.scheme,
        certificates: s.certificates.map((c) => ({
          subject: c.subject,
          sha256: c.sha256,
          not_before: c.notBefore,
          not_after: c.notAfter,
        })),
      })),
      schemes: file.schemes ?? { v1: false, v2: true, v3: true },
    },
    cap: cap && {
      version: cap.version,
      kind: cap.kind,
      fields: cap.fields,
      file_count: cap.fileCount,
      signer_fingerprint: cap.signerFingerprint,
    },
    output:
      file.signStatus === 'signed' && file.outputSha256 && file.signedAt
        ? {
            sha256: file.outputSha256,
            size: file.outputSize ?? 0,
            file_name: signedFileName(file.fileName),
            signed_at: file.signedAt.toISOString(),
            key_sha256: file.keySha256 ?? '',
          }
        : null,
    failure: parseFailure(file.failure),
    is_input_removed: file.inputRemovedAt !== null,
    signing_key: file.fileType === 'apk' ? await companyKeySummary(db, request.companyId) : null,
    history: await approvalHistory(db, request.id),
    can_decide: canDecide(actor, spec, request),
    can_download: row.status === 'signed' && can(actor, 'signer.download', request.companyCode),
  };
}
