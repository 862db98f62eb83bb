import { can, scopeOf } from '@tkc/contracts/access/permissions';
import type {
  CrtRequestDetail,
  CrtRequestRow,
  CrtRequestStatus,
  CrtTool,
} from '@tkc/contracts/api/crt-requests';
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
import { type CrtRequestRecord, findCrtRequest } from './crt-requests-repo';

// Who sees which certificate request, and how a request looks to the page (docs/crt.md#who).

/** Both tools use the approval module; a crt-manager decides either, on the Certificate page. */
export const crtApprovals = (publicUrl: string, tool: CrtTool): ApprovalSpec => ({
  kind: tool,
  decideAction: 'crt.approve',
  managerRole: 'crt-manager',
  linkOf: (id) => `${publicUrl}/cap-maker/crt/crt?request=${encodeURIComponent(id)}`,
});

const statusOf = (request: ApprovalRow, row: CrtRequestRecord): CrtRequestStatus =>
  request.status === 'pending'
    ? 'pending'
    : request.status === 'rejected'
      ? 'rejected'
      : row.issueStatus === 'issued'
        ? 'issued'
        : row.issueStatus === 'failed'
          ? 'failed'
          : 'issuing';

/**
 * Whose requests the actor reads: every company's (a platform grant), their company's (a
 * crt-manager, who decides them), or only their own. Undefined: no limit.
 */
export function readScope(actor: ActorContext): { companyId?: string; requesterId?: string } {
  if (scopeOf(actor, 'crt.view') === 'all') return {};
  if (can(actor, 'crt.approve', actor.companyCode)) return { companyId: actor.companyId };
  return { companyId: actor.companyId, requesterId: actor.userId };
}

export type VisibleRequest = {
  tool: CrtTool;
  spec: ApprovalSpec;
  request: ApprovalRow;
  row: CrtRequestRecord;
};

/** The request of either tool, or 404. */
export async function findRequest(
  db: DbOrTx,
  publicUrl: string,
  id: string,
): Promise<VisibleRequest> {
  for (const tool of ['crt', 'kcg'] as const) {
    const spec = crtApprovals(publicUrl, tool);
    const request = await findApproval(db, spec, id);
    const row = request && (await findCrtRequest(db, id));
    if (request && row) return { tool, spec, request, row };
  }
  throw fail('request.not_found');
}

/** The request when the actor may read it; anything else answers 404. */
export async function visibleRequest(
  db: DbOrTx,
  publicUrl: string,
  actor: ActorContext,
  id: string,
): Promise<VisibleRequest> {
  const found = await findRequest(db, publicUrl, id);
  const scope = readScope(actor);
  const isVisible =
    (!scope.companyId || scope.companyId === found.request.companyId) &&
    (!scope.requesterId || scope.requesterId === found.request.requestedBy);
  if (!isVisible) throw fail('request.not_found');
  return found;
}

function rowOf(tool: CrtTool, request: ApprovalRow, row: CrtRequestRecord): CrtRequestRow {
  return {
    id: request.id,
    tool,
    status: statusOf(request, row),
    company_code: request.companyCode,
    requester_email: request.requesterEmail,
    decider_email: request.deciderEmail,
    model_name: row.modelName,
    selection: row.selection as 'model' | 'list',
    label: row.label,
    sn_count: row.sns.length,
    sns_preview: row.sns.slice(0, 5),
    comment: row.comment,
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt?.toISOString() ?? null,
  };
}

/** The name of a group's CAP file. */
export const groupFileName = (label: string) =>
  `${label.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'group'}.cap`;

/** The name of one terminal's Certificate CAP file. */
export const terminalFileName = (sn: string) => `${sn}-certificate.cap`;

export async function detailOf(
  db: DbOrTx,
  actor: ActorContext,
  found: VisibleRequest,
): Promise<CrtRequestDetail> {
  const { tool, spec, request, row } = found;
  const base = rowOf(tool, request, row);
  const output =
    row.outputSha256 && row.issuedAt
      ? {
          sha256: row.outputSha256,
          size: row.outputSize ?? 0,
          file_name: row.fileName ?? groupFileName(row.label),
          issued_at: row.issuedAt.toISOString(),
        }
      : null;
  return {
    ...base,
    sns: row.sns,
    reason: request.reason,
    output,
    failure: row.failure ?? null,
    history: await approvalHistory(db, request.id),
    can_decide: canDecide(actor, spec, request),
    can_download:
      base.status === 'issued' && output !== null && can(actor, 'crt.view', request.companyCode),
  };
}
