import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  oneTimeCodes,
  recoveryCodes,
  resetTokens,
  roleGrants,
  sessions,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<typeof users.$inferInsert>;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** A user with their one session, if any (user_id is unique in sessions): one round trip. */
export async function findUserWithSessionByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ user: UserRow; session: SessionRow | undefined } | undefined> {
  const [row] = await db
    .select({ user: users, session: sessions })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return row && { user: row.user, session: row.session ?? undefined };
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Row lock: serialises sign-ins of one user so that "one live session" cannot race. */
export async function lockUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  // No key update: the row's key never changes, and rows inserted for the user meanwhile (their
  // foreign key's key-share lock) need not wait (docs/security.md#lock-order).
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update').limit(1);
  return row;
}

export async function updateUser(db: DbOrTx, id: string, patch: UserPatch): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

export async function insertRoleGrants(
  db: DbOrTx,
  rows: { userId: string; companyId: string; role: string }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(roleGrants).values(rows).onConflictDoNothing();
}

/** The user with company and 'CODE/role' strings, in one round trip. */
export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      user: users,
      companyName: companies.name,
      companyCode: companies.code,
      roles: sql<string[]>`coalesce((
        select json_agg(gc.code || '/' || rg.role order by gc.code, rg.role)
        from role_grants rg join companies gc on gc.id = rg.company_id
        where rg.user_id = ${users.id}), '[]'::json)`,
      // The session the sign-up opened, in the transaction that made the user (both stamped with
      // that transaction's now()): the user's first visit. Every sign-in opens a later one.
      isFirstSession: sql<boolean>`coalesce((
        select s.created_at = ${users.createdAt}
        from sessions s where s.user_id = ${users.id}), false)`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

// Sessions ---------------------------------------------------------------------------------------

export type SessionRow = typeof sessions.$inferSelect;

export async function findSessionOfUser(
  db: DbOrTx,
  userId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.userId, userId)).limit(1);
  return row;
}

/** Replaces whatever session the user had: the unique user_id keeps it to one row. */
export async function upsertSession(
  db: DbOrTx,
  row: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    lastSeenAt: Date;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await db
    .insert(sessions)
    .values(row)
    .onConflictDoUpdate({
      target: sessions.userId,
      set: {
        id: sql`gen_random_uuid()`,
        tokenHash: row.tokenHash,
        expiresAt: row.expiresAt,
        lastSeenAt: row.lastSeenAt,
        ip: row.ip,
        userAgent: row.userAgent,
        createdAt: sql`now()`,
      },
    });
}

export async function extendSession(db: DbOrTx, sessionId: string, expiresAt: Date, now: Date) {
  const updated = await db
    .update(sessions)
    .set({ expiresAt, lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return updated.length > 0;
}

/** Records a use, unless one was recorded less than `stepMs` ago (at most one write a step). */
export async function touchSession(db: DbOrTx, sessionId: string, now: Date, stepMs: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(now.getTime() - stepMs))),
    );
}

/** Ends a session found idle, unless a use was recorded meanwhile; true when it ended it. */
export async function deleteIdleSession(db: DbOrTx, sessionId: string, lastSeenAt: Date) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.lastSeenAt, lastSeenAt)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return deleted.length;
}

// One-time codes -------------------------------------------------------------------------------

export type CodeRow = typeof oneTimeCodes.$inferSelect;

export async function findCode(
  db: DbOrTx,
  userId: string,
  purpose: string,
): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .for('update')
    .limit(1);
  return row;
}

/** A new code replaces the pending one but keeps its failure count. */
export async function putCode(
  db: DbOrTx,
  row: { userId: string; purpose: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(oneTimeCodes)
    .values(row)
    .onConflictDoUpdate({
      target: [oneTimeCodes.userId, oneTimeCodes.purpose],
      set: {
        codeHash: row.codeHash,
        expiresAt: row.expiresAt,
        usedAt: null,
        createdAt: sql`now()`,
      },
    });
}

export async function updateCode(db: DbOrTx, id: string, patch: Partial<CodeRow>): Promise<void> {
  await db.update(oneTimeCodes).set(patch).where(eq(oneTimeCodes.id, id));
}

// Recovery codes -------------------------------------------------------------------------------

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Marks a matching unused code as used; false when there is none (single use under races). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

// Reset tokens ---------------------------------------------------------------------------------

export async function insertResetToken(
  db: DbOrTx,
  row: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(resetTokens).values(row);
}

export async function findValidResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(resetTokens)
    .where(
      and(
        eq(resetTokens.tokenHash, tokenHash),
        isNull(resetTokens.usedAt),
        gt(resetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Spends every outstanding reset link of the user (after a reset or a password change). */
export async function spendResetTokensOfUser(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(resetTokens)
    .set({ usedAt: now })
    .where(and(eq(resetTokens.userId, userId), isNull(resetTokens.usedAt)));
}

/** Claims the token: only one caller ever gets true. */
export async function claimResetToken(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(resetTokens)
    .set({ usedAt: now })
    .where(and(eq(resetTokens.id, id), isNull(resetTokens.usedAt)))
    .returning({ id: resetTokens.id });
  return claimed.length > 0;
}

export async function incrementFailedLogins(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  return row?.failedLogins ?? 0;
}

export async function findLiveSessionWithUser(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      email: users.email,
      companyId: users.companyId,
      isDisabled: users.isDisabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}
