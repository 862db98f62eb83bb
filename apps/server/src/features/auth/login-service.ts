import type { AuditAction } from '@tkc/contracts/api/audit-actions';
import type { ApiErrorCode } from '@tkc/contracts/api/error-codes';
import type { DbOrTx } from '../../db/client';
import { newToken, sha256Hex } from '../../lib/crypto';
import { fail, tooManyRequests } from '../../lib/errors';
import { toLanguage } from '../../lib/language';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit-service';
import type { AuthDeps, RequestOrigin } from './auth-deps';
import {
  LIMITS,
  LOCK_AFTER_FAILED_LOGINS,
  LOCK_DURATION_MS,
  PENDING_VERIFICATIONS_PER_USER,
  VERIFICATION_MAX_MS,
  VERIFICATION_TTL_MS,
} from './auth-policy';
import {
  findSessionOfUser,
  findUserWithSessionByEmail,
  incrementFailedLogins,
  lockUser,
  type SessionRow,
  type UserRow,
  updateUser,
} from './auth-repo';
import {
  acceptsEmailCodes,
  assertCodeEntryAllowed,
  checkSecondFactor,
  type FactorMode,
  issueEmailCode,
} from './second-factor';
import { isLive, type OpenedSession, openSession } from './session-service';
import {
  deleteVerification,
  findVerification,
  insertVerification,
  setVerificationExpiry,
  type VerificationRow,
} from './verification-repo';

// Sign-in (docs/security.md#passwords-and-second-factors): the password step checks the password
// once (the one argon2id of a sign-in) and hands out the temporary verification token; the code
// steps take that token, never the password.

/** The second factors that sign this user in: the authenticator first when it is on. */
function methodsOf(user: UserRow): ('totp' | 'email')[] {
  if (user.mfa !== 'totp' || !user.totpSecretEnc) return ['email'];
  return acceptsEmailCodes(user) ? ['totp', 'email'] : ['totp'];
}

/** Ties a verification to the password it was checked against: a change voids it. */
const passwordFingerprint = (user: Pick<UserRow, 'passwordHash'>) => sha256Hex(user.passwordHash);

/**
 * Checks the password, counting failures: the tenth wrong one in a row locks the account for
 * 15 minutes. Unknown addresses take the same time and get the same answer as a wrong password.
 */
async function provePassword(
  deps: AuthDeps,
  email: string,
  passwordHash: string,
  origin: RequestOrigin,
  failureCode: ApiErrorCode,
): Promise<{ user: UserRow; session: SessionRow | undefined }> {
  const now = deps.clock();
  const found = await findUserWithSessionByEmail(deps.db, email);
  if (!found) {
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
    throw fail(failureCode);
  }
  const { user } = found;
  if (user.lockedUntil && user.lockedUntil > now) {
    await auditUser(deps.db, user, 'auth.login.password', 'failure', origin, { reason: 'locked' });
    throw tooManyRequests(
      (user.lockedUntil.getTime() - now.getTime()) / 1000,
      'auth.account_locked',
    );
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
    throw fail(failureCode);
  }
  if (user.isDisabled) {
    await auditUser(deps.db, user, 'auth.login.password', 'failure', origin, {
      reason: 'disabled',
    });
    throw fail('auth.account_disabled');
  }
  return found;
}

export function auditUser(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'companyId'>,
  action: AuditAction,
  result: 'success' | 'failure',
  origin: RequestOrigin,
  detail: Record<string, unknown> = {},
) {
  // In the caller's transaction the event joins its commit; given the database, recordAudit
  // opens a transaction of its own. No savepoint: a rolled-back caller drops the event anyway.
  return recordAudit(db, {
    action,
    result,
    actorUserId: user.id,
    actorEmail: user.email,
    companyId: user.companyId,
    target: `user:${user.id}`,
    ip: origin.ip,
    detail,
  });
}

/** POST /auth/login: the password step; answers the verification token the code steps take. */
export async function login(
  deps: AuthDeps,
  body: { email: string; password: string; force?: boolean },
  origin: RequestOrigin,
) {
  const email = body.email.toLowerCase();
  await deps.limiter.hit(LIMITS.loginPerIp(origin.ip), LIMITS.loginPerAccount(email));
  // The user's session comes with the user, read before the password check and outside the
  // transaction: a code step finishing meanwhile may open a session this 409 check does not see;
  // the code step checks the session again under the user's lock (multiple_devices_verify).
  const { user, session: current } = await provePassword(
    deps,
    email,
    body.password,
    origin,
    'auth.login_incorrect',
  );
  const now = deps.clock();
  const token = newToken();
  const isConflict = await deps.db.transaction(async (tx) => {
    // A right password ends a run of wrong ones; a clean count needs no write.
    if (user.failedLogins !== 0 || user.lockedUntil !== null) {
      await updateUser(tx, user.id, { failedLogins: 0, lockedUntil: null });
    }
    await auditUser(tx, user, 'auth.login.password', 'success', origin);
    if (!body.force && isLive(current, now, deps.config.idleTimeoutS)) return true;
    await insertVerification(
      tx,
      {
        userId: user.id,
        tokenHash: sha256Hex(token),
        passwordFingerprint: passwordFingerprint(user),
        issuedAt: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
      },
      PENDING_VERIFICATIONS_PER_USER,
    );
    return false;
  });
  if (isConflict) throw fail('auth.multiple_devices');
  return {
    verify_token: token,
    methods: methodsOf(user),
    mfa: (user.mfa as 'totp' | 'email' | null) ?? null,
  };
}

type PendingSignIn = { verification: VerificationRow; user: UserRow };

/** Whether the verification still stands: in time, for an enabled user, the same password. */
const isUsable = ({ verification, user }: PendingSignIn, now: Date) =>
  verification.expiresAt > now &&
  !user.isDisabled &&
  verification.passwordFingerprint === passwordFingerprint(user);

/** POST /auth/login/otp: mails a code, for a live verification token only (no mail-bombing). */
export async function sendLoginCode(
  deps: AuthDeps,
  body: { verify_token: string },
  origin: RequestOrigin,
) {
  await deps.limiter.hit(LIMITS.codeSendPerIp(origin.ip));
  const pending = await findVerification(deps.db, sha256Hex(body.verify_token));
  const now = deps.clock();
  if (!pending || !isUsable(pending, now)) throw fail('auth.invalid_email');
  const { user, verification } = pending;
  await deps.limiter.hit(LIMITS.codeSendPerAccount(user.email));
  if (!acceptsEmailCodes(user)) throw fail('auth.email_codes_off');
  const code = await deps.db.transaction(async (tx) => {
    // The user and the verification locked first, as the code step locks them, before the code's
    // row (docs/security.md#lock-order); a sign-in finished, a reset or a change of factors
    // meanwhile ends it here.
    const locked = await findVerification(tx, sha256Hex(body.verify_token), { lock: true });
    if (!locked || !isUsable(locked, deps.clock())) throw fail('auth.invalid_email');
    if (!acceptsEmailCodes(locked.user)) throw fail('auth.email_codes_off');
    const issued = await issueEmailCode(tx, deps, user.id, 'login');
    // A new code gives the code page its 5 minutes again, up to the verification's last minute.
    const renewed = Math.min(
      now.getTime() + VERIFICATION_TTL_MS,
      verification.issuedAt.getTime() + VERIFICATION_MAX_MS,
    );
    await setVerificationExpiry(tx, verification.id, new Date(renewed));
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

/**
 * POST /auth/login/verify: the second factor of the sign-in the token names, then the one
 * session. The token is spent by success (or a password changed meanwhile); a wrong code counts
 * towards the user's five and leaves it for another try.
 */
export async function verifyLogin(
  deps: AuthDeps,
  body: { verify_token: string; code: string; mode: FactorMode; force?: boolean },
  origin: RequestOrigin,
): Promise<{ userId: string; session: OpenedSession }> {
  await deps.limiter.hit(LIMITS.codeEntryPerIp(origin.ip));
  const tokenHash = sha256Hex(body.verify_token);
  const found = await findVerification(deps.db, tokenHash);
  if (!found) {
    await deps.db.transaction((tx) =>
      recordAudit(tx, {
        action: 'auth.login',
        result: 'failure',
        ip: origin.ip,
        detail: { reason: 'unknown-verification', mode: body.mode },
      }),
    );
    throw fail('auth.verification_expired');
  }
  await deps.limiter.hit(LIMITS.codeEntryPerAccount(found.user.email));
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const pending = await findVerification(tx, tokenHash, { lock: true });
    // Gone since it was read (spent or removed by a reset): the user is locked for the refusal.
    const user = pending?.user ?? (await lockUser(tx, found.user.id))!;
    if (!pending || pending.verification.expiresAt <= now) {
      await auditUser(tx, user, 'auth.login', 'failure', origin, {
        reason: 'verification-expired',
        mode: body.mode,
      });
      return { kind: 'expired' as const };
    }
    if (user.isDisabled) return { kind: 'disabled' as const };
    // Ten wrong passwords since this one was checked lock the code step too.
    if (user.lockedUntil && user.lockedUntil > now)
      return { kind: 'locked' as const, until: user.lockedUntil };
    // A reset or change committed since the password was checked: that check no longer counts.
    if (pending.verification.passwordFingerprint !== passwordFingerprint(user)) {
      await deleteVerification(tx, pending.verification.id);
      await auditUser(tx, user, 'auth.login', 'failure', origin, {
        reason: 'password-changed',
        mode: body.mode,
      });
      return { kind: 'expired' as const };
    }
    assertCodeEntryAllowed(user, now);
    const current = await findSessionOfUser(tx, user.id);
    const hasOtherSession = isLive(current, now, deps.config.idleTimeoutS);
    if (hasOtherSession && !body.force) return { kind: 'conflict' as const };
    if (!(await checkSecondFactor(tx, deps, user, body.mode, body.code, 'login'))) {
      await auditUser(tx, user, 'auth.login', 'failure', origin, {
        reason: 'wrong-code',
        mode: body.mode,
      });
      return { kind: 'bad-code' as const };
    }
    const session = await openSession(tx, deps, user.id, origin);
    await deleteVerification(tx, pending.verification.id);
    await auditUser(tx, user, 'auth.login', 'success', origin, {
      mode: body.mode,
      endedOtherSession: hasOtherSession,
    });
    return { kind: 'ok' as const, session };
  });
  deps.cache.invalidate(found.user.id);
  if (outcome.kind === 'conflict') throw fail('auth.multiple_devices_verify');
  if (outcome.kind === 'disabled') throw fail('auth.account_disabled');
  if (outcome.kind === 'locked') {
    const retryAfterS = (outcome.until.getTime() - deps.clock().getTime()) / 1000;
    throw tooManyRequests(retryAfterS, 'auth.account_locked');
  }
  if (outcome.kind === 'expired') throw fail('auth.verification_expired');
  if (outcome.kind === 'bad-code') throw fail('auth.otp_invalid');
  return { userId: found.user.id, session: outcome.session };
}
