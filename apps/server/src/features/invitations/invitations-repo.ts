import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, invitations } from '../../db/schema';

export async function insertInvitation(db: DbOrTx, row: typeof invitations.$inferInsert) {
  const [inserted] = await db.insert(invitations).values(row).returning();
  return inserted!;
}

export async function findValidInvitation(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: invitations, companyName: companies.name, companyCode: companies.code })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.usedAt),
        isNull(invitations.withdrawnAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** The address's open invitation (not used, not withdrawn), expired or not. */
export async function findOpenInvitationByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.email, email),
        isNull(invitations.usedAt),
        isNull(invitations.withdrawnAt),
      ),
    )
    .limit(1);
  return row;
}

export async function withdrawInvitationRow(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(invitations).set({ withdrawnAt: now }).where(eq(invitations.id, id));
}

export async function claimInvitationRow(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), isNull(invitations.withdrawnAt)))
    .returning({ id: invitations.id });
  return claimed.length > 0;
}
