import type { DbOrTx } from '../../db/client';
import { type ChainedContent, chainHash, GENESIS_HASH } from './audit-chain';
import {
  findLastAuditHash,
  insertAuditEvent,
  listAuditEventsAfter,
  lockAuditChain,
} from './audit-repo';

export type AuditEvent = {
  action: string;
  result: 'success' | 'failure';
  actorUserId?: string | null;
  actorEmail?: string;
  companyId?: string | null;
  target?: string;
  ip?: string;
  detail?: Record<string, unknown>;
};

/**
 * Appends one event to the hash chain. Call it with the transaction that makes the change, so
 * the change and its record commit or roll back together.
 */
export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await lockAuditChain(tx);
  const prevHash = (await findLastAuditHash(tx)) ?? GENESIS_HASH;
  const content: ChainedContent = {
    // Millisecond precision round-trips exactly through timestamptz, so the hash re-computes.
    createdAt: new Date(),
    actorUserId: event.actorUserId ?? null,
    actorEmail: event.actorEmail ?? '',
    companyId: event.companyId ?? null,
    action: event.action,
    target: event.target ?? '',
    ip: event.ip ?? '',
    result: event.result,
    detail: event.detail ?? {},
  };
  await insertAuditEvent(tx, { ...content, prevHash, hash: chainHash(prevHash, content) });
}

/** Who did it, as the management and tooling services know their caller. */
export type AuditActor = { userId: string; email: string; ip: string; companyId: string };

/** An event done by a signed-in actor: their id, e-mail and address; success and their company unless said. */
export function recordActorAudit(
  tx: DbOrTx,
  actor: AuditActor,
  event: Omit<AuditEvent, 'actorUserId' | 'actorEmail' | 'ip' | 'result'> & {
    result?: AuditEvent['result'];
  },
): Promise<void> {
  return recordAudit(tx, {
    result: 'success',
    companyId: actor.companyId,
    ...event,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: actor.ip,
  });
}

export type ChainVerdict =
  | { isValid: true; count: number }
  | { isValid: false; count: number; brokenId: number; reason: string };

/** Walks the chain in id order; names the first event whose link or content does not hold. */
export async function verifyAuditChain(db: DbOrTx, pageSize = 5000): Promise<ChainVerdict> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let count = 0;
  for (;;) {
    const rows = await listAuditEventsAfter(db, lastId, pageSize);
    for (const row of rows) {
      if (row.prevHash !== prevHash) {
        return { isValid: false, count, brokenId: row.id, reason: 'previous hash does not match' };
      }
      const expected = chainHash(prevHash, {
        createdAt: row.createdAt,
        actorUserId: row.actorUserId,
        actorEmail: row.actorEmail,
        companyId: row.companyId,
        action: row.action,
        target: row.target,
        ip: row.ip,
        result: row.result,
        detail: row.detail,
      });
      if (row.hash !== expected) {
        return {
          isValid: false,
          count,
          brokenId: row.id,
          reason: 'content does not match its hash',
        };
      }
      prevHash = row.hash;
      lastId = row.id;
      count++;
    }
    if (rows.length < pageSize) return { isValid: true, count };
  }
}
