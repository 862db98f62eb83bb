import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginVerifications, users } from '../../db/schema';
import type { UserRow } from './auth-repo';

// Sign-in verifications ------------------------------------------------------------------------

export type VerificationRow = typeof loginVerifications.$inferSelect;

/**
 * Adds a pending verification; the user's expired ones go, and of the live ones only the newest
 * `keep` stay. One statement: the new row is not yet visible to the others, so of the live ones
 * before it the newest `keep - 1` stay. Password steps of one user running at once each see the
 * rows before them, so together they may leave a few more until the next step trims them (login
 * is rate limited per account as well).
 */
export async function insertVerification(
  db: DbOrTx,
  row: Omit<typeof loginVerifications.$inferInsert, 'id'>,
  keep: number,
): Promise<void> {
  if (!Number.isSafeInteger(keep) || keep < 1) throw new Error(`keep must be a count: ${keep}`);
  // The offset as a literal: a statement with `offset $n` is never named, and this one runs on
  // every password step (docs/architecture.md#named-statements).
  const offset = sql.raw(String(keep - 1));
  await db.execute(sql`
    with expired as (
      delete from login_verifications where user_id = ${row.userId} and expires_at <= ${row.issuedAt}
    ), inserted as (
      insert into login_verifications (user_id, token_hash, password_fingerprint, issued_at, expires_at)
      values (${row.userId}, ${row.tokenHash}, ${row.passwordFingerprint}, ${row.issuedAt}, ${row.expiresAt})
    )
    delete from login_verifications where id in (
      select id from login_verifications
      where user_id = ${row.userId} and expires_at > ${row.issuedAt}
      order by issued_at desc, id desc
      offset ${offset}
    )`);
}

/** The verification a token names (expired or not) with its user; `lock` takes the row lock. */
export async function findVerification(
  db: DbOrTx,
  tokenHash: string,
  /** The user's row and the verification's, locked until the transaction ends. */
  { lock = false }: { lock?: boolean } = {},
): Promise<{ verification: VerificationRow; user: UserRow } | undefined> {
  const query = db
    .select({ verification: loginVerifications, user: users })
    .from(loginVerifications)
    .innerJoin(users, eq(users.id, loginVerifications.userId))
    .where(eq(loginVerifications.tokenHash, tokenHash))
    .limit(1);
  // Locked: the user's row first, then the verification, in one statement (docs/security.md#lock-order).
  // No key update: a verification or code inserted for the user meanwhile still gets the
  // key-share lock its foreign key takes, so a password step that removed this verification
  // does not wait here for a step that waits for it.
  const [row] = lock
    ? await query.for('no key update', { of: [users, loginVerifications] })
    : await query;
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
