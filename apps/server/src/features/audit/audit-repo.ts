import { asc, desc, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;

// Any constant works; it only has to be the same for every writer of the chain.
const AUDIT_CHAIN_LOCK = 7_251_001;

/** Serialises chain appends across transactions and API nodes until the caller's commit. */
export async function lockAuditChain(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
}

export async function findLastAuditHash(tx: DbOrTx): Promise<string | undefined> {
  const [row] = await tx
    .select({ hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row?.hash;
}

export async function insertAuditEvent(tx: DbOrTx, row: NewAuditRow): Promise<AuditRow> {
  const [inserted] = await tx.insert(auditEvents).values(row).returning();
  return inserted!;
}

/** One page of the chain in id order, for verification without loading it all. */
export function listAuditEventsAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select()
    .from(auditEvents)
    .where(gt(auditEvents.id, afterId))
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}
