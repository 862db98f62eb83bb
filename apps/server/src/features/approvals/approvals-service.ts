import type { Action } from '@tkc/contracts/access/permissions';
import type { RoleCode } from '@tkc/contracts/access/roles';
import { isAuditAction } from '@tkc/contracts/api/audit-actions';
import { languageField } from '@tkc/contracts/fields';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/errors';
import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import type { ApprovalMailEvent, ApprovalTool } from '../../lib/mail/templates-approval';
import { assertCan } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import {
  type ApprovalRow,
  decideApprovalRequest,
  findApprovalRequest,
  findRecipients,
  insertApprovalEvent,
  insertApprovalRequest,
  listApprovalEvents,
  touchApprovalRequest,
} from './approvals-repo';

// A request one person makes and another person of the same company decides (docs/signer.md
// #approvals). Generic over the tool: the Signer uses it now, Certificate CAP later. It keeps
// the two-person rule, the history, an audit event for every step (in the step's transaction)
// and the mails to the requester and the company's managers (queued in the same transaction, so
// they leave only if the step commits). What the request is about stays with the tool.

/** How one tool uses the module. */
export type ApprovalSpec = {
  kind: ApprovalTool;
  /** The action a decider needs in the request's company. */
  decideAction: Action;
  /** Who is mailed besides the requester. */
  managerRole: RoleCode;
  /** The page a mail links to, given the request id. */
  linkOf: (id: string) => string;
};

export type ApprovalDeps = { clock: () => Date; mailer: QueuedMailer };

/** A person, or the system (a background job). */
export type StepActor = AuditActor | 'system';

/** What a step records besides its event: audit detail, and what the mails show. */
export type StepFacts = {
  title: string;
  comment?: string;
  detail?: Record<string, unknown>;
};

export type { ApprovalRow };

const emailOf = (who: StepActor) => (who === 'system' ? 'system' : who.email);

/** The request of this kind, or undefined. */
export const findApproval = (db: DbOrTx, spec: ApprovalSpec, id: string) =>
  findApprovalRequest(db, id, spec.kind);

/** Whether the actor may decide the request now: the action in its company, and not their own. */
export function canDecide(actor: ActorContext, spec: ApprovalSpec, request: ApprovalRow): boolean {
  try {
    assertCanDecide(actor, spec, request);
    return request.status === 'pending';
  } catch {
    return false;
  }
}

/**
 * Throws unless the actor may decide the request: another company's answers 404, and nobody
 * decides their own request (the two-person rule), whatever other roles they hold.
 */
export function assertCanDecide(actor: ActorContext, spec: ApprovalSpec, request: ApprovalRow) {
  assertCan(actor, spec.decideAction, request.companyCode);
  if (request.requestedBy === actor.userId) throw fail('approval.own_request');
}

async function mailStep(
  tx: DbOrTx,
  deps: ApprovalDeps,
  spec: ApprovalSpec,
  request: Pick<ApprovalRow, 'id' | 'companyId' | 'companyCode' | 'requestedBy' | 'requesterEmail'>,
  event: ApprovalMailEvent,
  who: StepActor,
  facts: StepFacts & { decider?: string; reason?: string },
) {
  const recipients = await findRecipients(
    tx,
    request.companyId,
    spec.managerRole,
    request.requestedBy,
  );
  for (const recipient of recipients) {
    // Nobody is told of their own step.
    if (who !== 'system' && recipient.userId === who.userId) continue;
    await deps.mailer.sendIn(tx, {
      to: recipient.email,
      lang: languageField.safeParse(recipient.language).data ?? 'en',
      kind: 'approval-update',
      data: {
        tool: spec.kind,
        event,
        title: facts.title,
        company: request.companyCode,
        requester: request.requesterEmail,
        decider: facts.decider,
        reason: facts.reason,
        comment: facts.comment,
        link: spec.linkOf(request.id),
      },
    });
  }
}

async function auditStep(
  tx: DbOrTx,
  spec: ApprovalSpec,
  request: { id: string; companyId: string },
  action: string,
  who: StepActor,
  result: 'success' | 'failure',
  detail: Record<string, unknown> = {},
) {
  const name = `${spec.kind}.${action}`;
  // A step the catalogue does not name is a programming error (docs/security.md#audit).
  if (!isAuditAction(name)) throw new Error(`audit action ${name} is not in AUDIT_ACTIONS`);
  await recordAudit(tx, {
    action: name,
    result,
    actorUserId: who === 'system' ? null : who.userId,
    actorEmail: emailOf(who),
    ip: who === 'system' ? '' : who.ip,
    companyId: request.companyId,
    target: `${spec.kind}-request:${request.id}`,
    detail,
  });
}

/** Opens a request in the actor's company; its history starts with 'requested'. */
export async function openApproval(
  tx: DbOrTx,
  deps: ApprovalDeps,
  spec: ApprovalSpec,
  actor: ActorContext,
  facts: StepFacts,
): Promise<string> {
  const now = deps.clock();
  const id = await insertApprovalRequest(tx, {
    kind: spec.kind,
    companyId: actor.companyId,
    requestedBy: actor.userId,
    requesterEmail: actor.email,
    createdAt: now,
    updatedAt: now,
  });
  await insertApprovalEvent(tx, {
    requestId: id,
    event: 'requested',
    actorUserId: actor.userId,
    actorEmail: actor.email,
    note: facts.comment ?? '',
    createdAt: now,
  });
  await auditStep(
    tx,
    spec,
    { id, companyId: actor.companyId },
    'request',
    actor,
    'success',
    facts.detail,
  );
  const request = {
    id,
    companyId: actor.companyId,
    companyCode: actor.companyCode,
    requestedBy: actor.userId,
    requesterEmail: actor.email,
  };
  await mailStep(tx, deps, spec, request, 'requested', actor, facts);
  return id;
}

/**
 * Approves or rejects a pending request (the caller has checked assertCanDecide); a request
 * decided meanwhile by someone else answers 409.
 */
export async function decideApproval(
  tx: DbOrTx,
  deps: ApprovalDeps,
  spec: ApprovalSpec,
  actor: ActorContext,
  request: ApprovalRow,
  decision: { isApproved: boolean; reason: string },
  facts: StepFacts,
): Promise<void> {
  assertCanDecide(actor, spec, request);
  const now = deps.clock();
  const status = decision.isApproved ? 'approved' : 'rejected';
  const isDecided = await decideApprovalRequest(tx, request.id, {
    status,
    decidedBy: actor.userId,
    deciderEmail: actor.email,
    reason: decision.reason,
    at: now,
  });
  if (!isDecided) throw fail('approval.not_pending');
  await insertApprovalEvent(tx, {
    requestId: request.id,
    event: status,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    note: decision.reason,
    createdAt: now,
  });
  await auditStep(tx, spec, request, decision.isApproved ? 'approve' : 'reject', actor, 'success', {
    ...facts.detail,
    ...(decision.reason ? { reason: decision.reason } : {}),
  });
  await mailStep(tx, deps, spec, request, status, actor, {
    ...facts,
    decider: actor.email,
    reason: decision.isApproved ? undefined : decision.reason,
  });
}

/**
 * A step of the tool's own after approval ('signed', 'failed', 'input-removed'...): history and
 * audit; with `mail`, the requester and managers are told it completed or failed.
 */
export async function recordApprovalStep(
  tx: DbOrTx,
  deps: ApprovalDeps,
  spec: ApprovalSpec,
  request: ApprovalRow,
  step: {
    event: string;
    who: StepActor;
    result?: 'success' | 'failure';
    note?: string;
    mail?: 'completed' | 'failed';
  },
  facts: StepFacts,
): Promise<void> {
  const now = deps.clock();
  await insertApprovalEvent(tx, {
    requestId: request.id,
    event: step.event,
    actorUserId: step.who === 'system' ? null : step.who.userId,
    actorEmail: emailOf(step.who),
    note: step.note ?? '',
    createdAt: now,
  });
  await touchApprovalRequest(tx, request.id, now);
  await auditStep(tx, spec, request, step.event, step.who, step.result ?? 'success', facts.detail);
  if (step.mail) {
    await mailStep(tx, deps, spec, request, step.mail, step.who, {
      ...facts,
      decider: request.deciderEmail ?? undefined,
      reason: step.mail === 'failed' ? step.note : undefined,
    });
  }
}

/** The request's history, oldest first. */
export async function approvalHistory(db: DbOrTx, requestId: string) {
  const rows = await listApprovalEvents(db, requestId);
  return rows.map((r) => ({
    at: r.createdAt.toISOString(),
    event: r.event,
    actor_email: r.actorEmail,
    note: r.note,
  }));
}
