import type { DbOrTx } from '../../db/client';
import { newToken, sha256Hex } from '../../lib/crypto';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { toLanguage } from '../../lib/language';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit-service';
import type { Actor, AuthDeps, RequestOrigin } from './auth-deps';
import {
  LIMITS,
  LOCK_AFTER_FAILED_LOGINS,
  LOCK_DURATION_MS,
  MSG,
  PASSWORD_PROOF_TTL_MS,
} from './auth-policy';
import {
  deleteSession,
  extendSession,
  findLiveSessionWithUser,
  findSessionOfUser,
  findUserByEmail,
  incrementFailedLogins,
  lockUser,
  type UserRow,
  updateUser,
  upsertSession,
} from './auth-repo';
import {
  assertCodeEntryAllowed,
  checkSecondFactor,
  type FactorMode,
  issueEmailCode,
} from './second-factor';

export type OpenedSession = { token: string; expiresAt: Date };

const methodsOf = (user: UserRow) =>
  user.mfa === 'totp' && user.totpSecretEnc ? (['totp', 'email'] as const) : (['email'] as const);

/**
 * Checks the password, counting failures: the tenth wrong one in a row locks the account for
 * 15 minutes. Unknown addresses take the same time and get the same answer as a wrong password.
 */
async function provePassword(
  deps: AuthDeps,
  email: string,
  passwordHash: string,
  origin: RequestOrigin,
  failureMsg: string,
): Promise<UserRow> {
  const now = deps.clock();
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(passwordHash);
    await deps.db.transaction((tx) =>
      recordAudit(tx, {
        action: 'auth.login.password',
        result: 'failure',
        actorEmail: email,
        ip: origin.ip,
        detail: { reason: 'unknown-email' },
      }),
    );
    throw badRequest(failureMsg);
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await auditUser(deps.db, user, 'auth.login.password', 'failure', origin, { reason: 'locked' });
    throw tooManyRequests((user.lockedUntil.getTime() - now.getTime()) / 1000, MSG.accountLocked);
  }
  if (!(await verifyPassword(user.passwordHash, passwordHash))) {
    await deps.db.transaction(async (tx) => {
      const failures = await incrementFailedLogins(tx, user.id);
      const isLocking = failures >= LOCK_AFTER_FAILED_LOGINS;
      if (isLocking) {
        await updateUser(tx, user.id, {
          failedLogins: 0,
          lockedUntil: new Date(now.getTime() + LOCK_DURATION_MS),
        });
      }
      await auditUser(tx, user, 'auth.login.password', 'failure', origin, {
        reason: 'wrong-password',
        failures,
        isLocking,
      });
    });
    throw badRequest(failureMsg);
  }
  if (user.isDisabled) {
    await auditUser(deps.db, user, 'auth.login.password', 'failure', origin, {
      reason: 'disabled',
    });
    throw forbidden(MSG.accountDisabled);
  }
  return user;
}

export function auditUser(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'companyId'>,
  action: string,
  result: 'success' | 'failure',
  origin: RequestOrigin,
  detail: Record<string, unknown> = {},
) {
  const write = (tx: DbOrTx) =>
    recordAudit(tx, {
      action,
      result,
      actorUserId: user.id,
      actorEmail: user.email,
      companyId: user.companyId,
      target: `user:${user.id}`,
      ip: origin.ip,
      detail,
    });
  // A savepoint inside the caller's transaction, or a transaction of its own: the chain lock
  // must be held until the event commits.
  return db.transaction(write);
}

const isLive = (session: { expiresAt: Date } | undefined, now: Date) =>
  !!session && session.expiresAt > now;

/** POST /auth/login */
export async function login(
  deps: AuthDeps,
  body: { email: string; password: string; force?: boolean },
  origin: RequestOrigin,
) {
  const email = body.email.toLowerCase();
  await deps.limiter.hit(LIMITS.loginPerIp(origin.ip), LIMITS.loginPerAccount(email));
  const user = await provePassword(deps, email, body.password, origin, MSG.loginIncorrect);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { failedLogins: 0, lockedUntil: null, passwordOkAt: now });
    await auditUser(tx, user, 'auth.login.password', 'success', origin);
  });
  if (!body.force && isLive(await findSessionOfUser(deps.db, user.id), now)) {
    throw conflict(MSG.multipleDevices);
  }
  return { methods: [...methodsOf(user)], mfa: (user.mfa as 'totp' | 'email' | null) ?? null };
}

/** POST /auth/login/otp: only within 5 minutes of a proven password, so nobody can mail-bomb. */
export async function sendLoginCode(
  deps: AuthDeps,
  body: { email: string },
  origin: RequestOrigin,
) {
  const email = body.email.toLowerCase();
  await deps.limiter.hit(LIMITS.codeSendPerIp(origin.ip), LIMITS.codeSendPerAccount(email));
  const now = deps.clock();
  const user = await findUserByEmail(deps.db, email);
  const hasProvenPassword =
    !!user?.passwordOkAt && now.getTime() - user.passwordOkAt.getTime() < PASSWORD_PROOF_TTL_MS;
  if (!user || !hasProvenPassword || user.isDisabled) throw badRequest(MSG.invalidEmail);
  const code = await deps.db.transaction(async (tx) => {
    const issued = await issueEmailCode(tx, deps, user.id, 'login');
    await auditUser(tx, user, 'auth.code.sent', 'success', origin, { purpose: 'login' });
    return issued;
  });
  await deps.mailer.send({
    to: user.email,
    lang: toLanguage(user.language),
    kind: 'login-code',
    data: { code, validMinutes: 5 },
  });
}

/** POST /auth/login/verify: password and second factor again, then the one session. */
export async function verifyLogin(
  deps: AuthDeps,
  body: { email: string; password: string; code: string; mode: FactorMode; force?: boolean },
  origin: RequestOrigin,
): Promise<{ userId: string; session: OpenedSession }> {
  const email = body.email.toLowerCase();
  await deps.limiter.hit(LIMITS.codeEntryPerIp(origin.ip), LIMITS.codeEntryPerAccount(email));
  const proven = await provePassword(deps, email, body.password, origin, MSG.otpInvalid);
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const user = (await lockUser(tx, proven.id))!;
    // A reset or change committed since the password was checked: that check no longer counts.
    if (user.passwordHash !== proven.passwordHash) {
      await auditUser(tx, user, 'auth.login', 'failure', origin, {
        reason: 'password-changed',
        mode: body.mode,
      });
      return { kind: 'stale-password' as const };
    }
    assertCodeEntryAllowed(user, now);
    const current = await findSessionOfUser(tx, user.id);
    const hasOtherSession = isLive(current, now);
    if (hasOtherSession && !body.force) return { kind: 'conflict' as const };
    if (!(await checkSecondFactor(tx, deps, user, body.mode, body.code, 'login'))) {
      await auditUser(tx, user, 'auth.login', 'failure', origin, {
        reason: 'wrong-code',
        mode: body.mode,
      });
      return { kind: 'bad-code' as const };
    }
    const session = await openSession(tx, deps, user.id, origin);
    await updateUser(tx, user.id, { passwordOkAt: null });
    await auditUser(tx, user, 'auth.login', 'success', origin, {
      mode: body.mode,
      endedOtherSession: hasOtherSession,
    });
    return { kind: 'ok' as const, session };
  });
  deps.cache.invalidate(proven.id);
  if (outcome.kind === 'conflict') throw conflict(MSG.multipleDevicesVerify);
  if (outcome.kind === 'bad-code' || outcome.kind === 'stale-password')
    throw badRequest(MSG.otpInvalid);
  return { userId: proven.id, session: outcome.session };
}

/** Opens the user's only session, ending any other (the caller has checked whether it may). */
export async function openSession(
  tx: DbOrTx,
  deps: Pick<AuthDeps, 'clock' | 'config'>,
  userId: string,
  origin: RequestOrigin,
): Promise<OpenedSession> {
  const token = newToken();
  const expiresAt = new Date(deps.clock().getTime() + deps.config.sessionTtlS * 1000);
  await upsertSession(tx, {
    userId,
    tokenHash: sha256Hex(token),
    expiresAt,
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 255),
  });
  return { token, expiresAt };
}

export type ResolvedSession = Actor & { token: string; expiresAt: Date; isDisabled: boolean };

/** The live session a token belongs to, or undefined. */
export async function resolveSession(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'cache'>,
  token: string,
): Promise<ResolvedSession | undefined> {
  const now = deps.clock();
  const tokenHash = sha256Hex(token);
  const row = await deps.cache.session(tokenHash, () =>
    findLiveSessionWithUser(deps.db, tokenHash, now),
  );
  if (!row || row.isDisabled || row.expiresAt <= now) return undefined;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    companyId: row.companyId,
    expiresAt: row.expiresAt,
    isDisabled: row.isDisabled,
    token,
  };
}

/** POST /auth/logout */
export async function logout(deps: AuthDeps, actor: Actor, origin: RequestOrigin) {
  await deps.db.transaction(async (tx) => {
    await deleteSession(tx, actor.sessionId);
    await recordAudit(tx, {
      action: 'auth.logout',
      result: 'success',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      companyId: actor.companyId,
      target: `user:${actor.userId}`,
      ip: origin.ip,
    });
  });
  deps.cache.invalidate(actor.userId);
}

/** POST /auth/refresh: a further TTL from now; 401 if the session ended meanwhile. */
export async function refresh(deps: AuthDeps, actor: Actor, origin: RequestOrigin): Promise<Date> {
  const expiresAt = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + deps.config.sessionTtlS * 1000);
    if (!(await extendSession(tx, actor.sessionId, expiresAt, now)))
      throw unauthorized(MSG.sessionEnded);
    await recordAudit(tx, {
      action: 'auth.refresh',
      result: 'success',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      companyId: actor.companyId,
      target: `user:${actor.userId}`,
      ip: origin.ip,
    });
    return expiresAt;
  });
  deps.cache.invalidate(actor.userId);
  return expiresAt;
}
