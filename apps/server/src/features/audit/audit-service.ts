import type { AuditAction } from '@tkc/contracts/api/audit-actions';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type DeferredKind, defer } from '../../db/before-commit';
import type { DbOrTx } from '../../db/client';
import {
  type ChainedContent,
  chainHash,
  chainHashParts,
  GENESIS_HASH,
  storable,
} from './audit-chain';
import { appendAuditEvents, listAuditEventsAfter, lockAuditChain } from './audit-repo';

export type AuditEvent = {
  action: AuditAction;
  result: 'success' | 'failure';
  actorUserId?: string | null;
  actorEmail?: string;
  companyId?: string | null;
  target?: string;
  ip?: string;
  detail?: Record<string, unknown>;
};

type PendingEvent = AuditEvent;

/**
 * Takes the chain's lock in the caller's transaction: the first start holds it while it seeds,
 * so two nodes starting at once on one PostgreSQL seed once.
 */
export const lockAuditChainFor = (tx: DbOrTx) => lockAuditChain(tx);

/**
 * The chain's append, at the end of the change's transaction (src/db/before-commit.ts): one
 * statement takes the lock that orders appends across transactions and nodes, reads the chain's
 * head, stamps and hashes the events and inserts them (migration 0015), so the lock is held for
 * that statement and the commit. Every event of the transaction gets the same time, taken after
 * the lock, which keeps `created_at` in id order.
 */
const chainAppend: DeferredKind<PendingEvent> = {
  async flush(tx, events) {
    const rows = events.map((event) => {
      const content: Omit<ChainedContent, 'createdAt'> = storable({
        actorUserId: event.actorUserId ?? null,
        actorEmail: event.actorEmail ?? '',
        companyId: event.companyId ?? null,
        action: event.action,
        target: event.target ?? '',
        ip: event.ip ?? '',
        result: event.result,
        detail: event.detail ?? {},
      });
      return { ...content, ...chainHashParts(content) };
    });
    await appendAuditEvents(tx, rows);
  },
};

/**
 * Appends one event to the hash chain. Call it with the transaction that makes the change, so
 * the change and its record commit or roll back together (the event is written just before the
 * commit). Called with the database itself, the event is a transaction of its own.
 */
export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  if (defer(tx, chainAppend, event)) return;
  if (tx instanceof PgTransaction) {
    throw new Error('recordAudit: a transaction not opened through openDatabase');
  }
  await tx.transaction((inner) => recordAudit(inner, event));
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

type ChainBreak = { id: number; reason: string };

export type ChainVerdict =
  | { isValid: true; count: number }
  | {
      isValid: false;
      /** Events checked. */
      count: number;
      /** The first break, and every break (at most MAX_BREAKS). */
      brokenId: number;
      reason: string;
      breaks: ChainBreak[];
    };

const MAX_BREAKS = 1000;

/**
 * Walks the chain in id order and names every event whose link or content does not hold. After
 * a break the walk goes on from the stored hash, so one bad event is one break, and a removed
 * event shows as a broken link at the event after it.
 */
export async function verifyAuditChain(db: DbOrTx, pageSize = 5000): Promise<ChainVerdict> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let count = 0;
  const breaks: ChainBreak[] = [];
  const note = (id: number, reason: string) => {
    if (breaks.length < MAX_BREAKS) breaks.push({ id, reason });
  };
  for (;;) {
    const rows = await listAuditEventsAfter(db, lastId, pageSize);
    for (const row of rows) {
      if (row.prevHash !== prevHash) note(row.id, 'previous hash does not match');
      const expected = chainHash(row.prevHash, {
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
      if (row.hash !== expected) note(row.id, 'content does not match its hash');
      prevHash = row.hash;
      lastId = row.id;
      count++;
    }
    if (rows.length < pageSize) break;
  }
  const [first] = breaks;
  return first
    ? { isValid: false, count, brokenId: first.id, reason: first.reason, breaks }
    : { isValid: true, count };
}
