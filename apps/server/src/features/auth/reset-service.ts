import { newToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { toLanguage } from '../../lib/language';
import { hashPassword } from '../../lib/passwords';
import type { AuthDeps, RequestOrigin } from './auth-deps';
import { LIMITS, RESET_LINK_TTL_MS } from './auth-policy';
import {
  claimResetToken,
  deleteSessionsOfUser,
  findUserByEmail,
  findUserById,
  findValidResetToken,
  insertResetToken,
  spendResetTokensOfUser,
  updateUser,
} from './auth-repo';
import { auditUser } from './login-service';
import { deleteVerificationsOfUser } from './verification-repo';

/** POST /auth/reset_password: mails a 1-hour, single-use link. */
export async function requestPasswordReset(
  deps: AuthDeps,
  body: { email: string },
  origin: RequestOrigin,
) {
  const email = body.email.toLowerCase();
  await deps.limiter.hit(LIMITS.resetPerIp(origin.ip), LIMITS.resetPerAccount(email));
  const user = await findUserByEmail(deps.db, email);
  // Forgot Password tells an unknown address apart (400 'This Email hasn't been registered.').
  if (!user || user.isDisabled) throw fail('auth.email_not_registered');
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await insertResetToken(tx, {
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(deps.clock().getTime() + RESET_LINK_TTL_MS),
    });
    await auditUser(tx, user, 'auth.password.reset.request', 'success', origin);
  });
  await deps.mailer.send({
    to: user.email,
    lang: toLanguage(user.language),
    kind: 'password-reset',
    data: { link: `${deps.config.publicUrl}/auth/reset-password?token=${token}`, validMinutes: 60 },
  });
}

async function findResetTarget(deps: AuthDeps, token: string | undefined) {
  if (!token) throw fail('auth.invalid_link');
  const row = await findValidResetToken(deps.db, sha256Hex(token), deps.clock());
  if (!row) throw fail('auth.invalid_link');
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.isDisabled) throw fail('auth.account_not_registered');
  return { row, user };
}

/** POST /auth/reset_password/verify (token in Authid) */
export async function verifyResetLink(
  deps: AuthDeps,
  token: string | undefined,
  origin: RequestOrigin,
) {
  await deps.limiter.hit(LIMITS.linkPerIp(origin.ip));
  const { user } = await findResetTarget(deps, token);
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/**
 * POST /auth/reset_password/update: sets the password, spends the link and every other
 * outstanding one, voids a sign-in waiting for its code, ends the live session (the user signs
 * in again) and lifts a sign-in lock.
 */
export async function completePasswordReset(
  deps: AuthDeps,
  token: string | undefined,
  body: { user_id: string; password: string },
  origin: RequestOrigin,
) {
  await deps.limiter.hit(LIMITS.linkPerIp(origin.ip));
  const { row, user } = await findResetTarget(deps, token);
  if (body.user_id !== user.id) throw fail('auth.invalid_link');
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    if (!(await claimResetToken(tx, row.id, deps.clock()))) throw fail('auth.invalid_link');
    await updateUser(tx, user.id, {
      passwordHash,
      failedLogins: 0,
      lockedUntil: null,
      updatedAt: deps.clock(),
    });
    await spendResetTokensOfUser(tx, user.id, deps.clock());
    await deleteVerificationsOfUser(tx, user.id);
    const ended = await deleteSessionsOfUser(tx, user.id);
    await auditUser(tx, user, 'auth.password.reset', 'success', origin, { endedSessions: ended });
  });
  deps.cache.invalidate(user.id);
  await deps.mailer.send({
    to: user.email,
    lang: toLanguage(user.language),
    kind: 'password-changed',
    data: { time: deps.clock().toISOString(), ip: origin.ip },
  });
}
