import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { companies, roleGrants, users } from '../../db/schema';
import { approvalEvents, approvalRequests } from '../../db/schema-signer';

export type ApprovalRow = typeof approvalRequests.$inferSelect & { companyCode: string };

export async function insertApprovalRequest(
  db: DbOrTx,
  row: typeof approvalRequests.$inferInsert,
): Promise<string> {
  const [inserted] = await db
    .insert(approvalRequests)
    .values(row)
    .returning({ id: approvalRequests.id });
  return inserted!.id;
}

export async function findApprovalRequest(
  db: DbOrTx,
  id: string,
  kind: string,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select({ request: approvalRequests, companyCode: companies.code })
    .from(approvalRequests)
    .innerJoin(companies, eq(companies.id, approvalRequests.companyId))
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.kind, kind)))
    .limit(1);
  return row ? { ...row.request, companyCode: row.companyCode } : undefined;
}

/**
 * Decides a pending request; answers whether it was still pending (a concurrent decision by
 * someone else leaves it untouched).
 */
export async function decideApprovalRequest(
  db: DbOrTx,
  id: string,
  decision: {
    status: 'approved' | 'rejected';
    decidedBy: string;
    deciderEmail: string;
    reason: string;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(approvalRequests)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      deciderEmail: decision.deciderEmail,
      decidedAt: decision.at,
      reason: decision.reason,
      updatedAt: decision.at,
    })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending')))
    .returning({ id: approvalRequests.id });
  return rows.length > 0;
}

export async function touchApprovalRequest(db: DbOrTx, id: string, at: Date) {
  await db.update(approvalRequests).set({ updatedAt: at }).where(eq(approvalRequests.id, id));
}

export async function insertApprovalEvent(db: DbOrTx, row: typeof approvalEvents.$inferInsert) {
  await db.insert(approvalEvents).values(row);
}

export function listApprovalEvents(db: DbOrTx, requestId: string) {
  return db
    .select()
    .from(approvalEvents)
    .where(eq(approvalEvents.requestId, requestId))
    .orderBy(asc(approvalEvents.id));
}

export type Recipient = { userId: string; email: string; language: string };

/** The enabled users holding `role` in the company, and the requester when still enabled. */
export async function findRecipients(
  db: DbOrTx,
  companyId: string,
  role: string,
  requesterId: string | null,
): Promise<Recipient[]> {
  return queryRows<Recipient>(
    db,
    sql`select distinct u.id::text as "userId", u.email, u.language
        from ${users} u
        left join ${roleGrants} g on g.user_id = u.id and g.company_id = ${companyId} and g.role = ${role}
        where not u.is_disabled and (g.id is not null or u.id = ${requesterId})
        order by u.email`,
  );
}
