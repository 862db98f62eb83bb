import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginVerifications, users } from '../../db/schema';
import type { UserRow } from './auth-repo';

// Sign-in verifications ------------------------------------------------------------------------

export type VerificationRow = typeof loginVerifications.$inferSelect;

/**
 * Adds a pending verification; the user's expired ones go, and of the live ones only the newest
 * `keep` stay (login is rate limited per account as well).
 */
export async function insertVerification(
  db: DbOrTx,
  row: Omit<typeof loginVerifications.$inferInsert, 'id'>,
  keep: number,
): Promise<void> {
  const ofUser = eq(loginVerifications.userId, row.userId);
  await db
    .delete(loginVerifications)
    .where(and(ofUser, lte(loginVerifications.expiresAt, row.issuedAt)));
  await db.insert(loginVerifications).values(row);
  const surplus = await db
    .select({ id: loginVerifications.id })
    .from(loginVerifications)
    .where(ofUser)
    .orderBy(desc(loginVerifications.issuedAt), desc(loginVerifications.id))
    .offset(keep);
  if (surplus.length > 0) {
    await db.delete(loginVerifications).where(
      inArray(
        loginVerifications.id,
        surplus.map((r) => r.id),
      ),
    );
  }
}

/** The verification a token names (expired or not) with its user; `lock` takes the row lock. */
export async function findVerification(
  db: DbOrTx,
  tokenHash: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ verification: VerificationRow; user: UserRow } | undefined> {
  const query = db
    .select({ verification: loginVerifications, user: users })
    .from(loginVerifications)
    .innerJoin(users, eq(users.id, loginVerifications.userId))
    .where(eq(loginVerifications.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: loginVerifications }) : await query;
  return row;
}

export async function setVerificationExpiry(db: DbOrTx, id: string, expiresAt: Date) {
  await db.update(loginVerifications).set({ expiresAt }).where(eq(loginVerifications.id, id));
}

export async function deleteVerification(db: DbOrTx, id: string): Promise<void> {
  await db.delete(loginVerifications).where(eq(loginVerifications.id, id));
}

export async function deleteVerificationsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(loginVerifications).where(eq(loginVerifications.userId, userId));
}
