import { profileResponse } from '@tkc/contracts/api/auth';
import type { Language } from '@tkc/contracts/fields';
import type { DbOrTx } from '../../db/client';
import { fail, tooManyRequests } from '../../lib/errors';
import { toLanguage } from '../../lib/language';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor, AuthDeps, RequestOrigin } from './auth-deps';
import { LIMITS, LOCK_AFTER_FAILED_LOGINS, LOCK_DURATION_MS } from './auth-policy';
import {
  findProfile,
  findUserByEmail,
  findUserById,
  incrementFailedLogins,
  spendResetTokensOfUser,
  type UserPatch,
  type UserRow,
  updateUser,
} from './auth-repo';
import { auditUser } from './login-service';
import { acceptsEmailCodes } from './second-factor';
import { deleteVerificationsOfUser } from './verification-repo';

/** The account of an e-mail address (lower case), if there is one. */
export const findAccountByEmail = (db: DbOrTx, email: string) => findUserByEmail(db, email);

/** A user's profile row (user, company, roles), read now; undefined if gone. */
export const readProfile = (db: DbOrTx, userId: string) => findProfile(db, userId);

/** A user's profile row (user, company, roles), through the session cache; undefined if gone. */
export const loadProfile = (deps: Pick<AuthDeps, 'db' | 'cache'>, userId: string) =>
  deps.cache.profile(userId, () => findProfile(deps.db, userId));

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** GET /auth/profile: the current user (docs/product.md#current-user). */
export async function getProfile(
  deps: Pick<AuthDeps, 'db' | 'cache'>,
  actor: Actor,
  expiresAt: Date,
) {
  const row = await loadProfile(deps, actor.userId);
  if (!row) throw fail('access.session_ended');
  return profileOf(row, expiresAt);
}

// Answers already checked and serialised, per cached row (a new row after any change) and expiry.
const answers = new WeakMap<ProfileRow, { expiresAtMs: number; json: string }>();

/**
 * GET /auth/profile's whole answer as JSON. It depends only on the profile row and the session's
 * expiry, so the schema check and serialisation run once per cached row, not on every request
 * (the hot path of docs/benchmarks.md#auth-npm-run-bench----auth).
 */
export async function getProfileJson(
  deps: Pick<AuthDeps, 'db' | 'cache'>,
  actor: Actor,
  expiresAt: Date,
): Promise<string> {
  const row = await loadProfile(deps, actor.userId);
  if (!row) throw fail('access.session_ended');
  return profileJsonOf(row, expiresAt);
}

/** The same answer from the cache alone, or undefined when the profile must be read first. */
export function getCachedProfileJson(
  deps: Pick<AuthDeps, 'cache'>,
  actor: Actor,
  expiresAt: Date,
): string | undefined {
  const row = deps.cache.peekProfile(actor.userId);
  return row ? profileJsonOf(row, expiresAt) : undefined;
}

function profileJsonOf(row: ProfileRow, expiresAt: Date) {
  const known = answers.get(row);
  if (known && known.expiresAtMs === expiresAt.getTime()) return known.json;
  const answer = { status: 200 as const, msg: 'OK', data: profileOf(row, expiresAt) };
  const json = JSON.stringify(profileResponse.encode(answer));
  answers.set(row, { expiresAtMs: expiresAt.getTime(), json });
  return json;
}

function profileOf(row: ProfileRow, expiresAt: Date) {
  const { user } = row;
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    telephone: user.telephone,
    timezone: user.timezone,
    address: user.address,
    company: row.companyName,
    company_code: row.companyCode,
    company_id: user.companyId,
    avatar: user.avatar,
    language: toLanguage(user.language),
    always_report_later: user.alwaysReportLater,
    roles: row.roles,
    expires: expiresAt.toISOString(),
    counter_reset: (user.counterReset === 0 ? 0 : 1) as 0 | 1,
    mfa: (user.mfa as 'totp' | 'email' | null) ?? null,
    email_codes: acceptsEmailCodes(user),
    is_valid_origin: true,
    first_session: row.isFirstSession,
  };
}

export type ProfilePatch = {
  first_name?: string;
  last_name?: string;
  telephone?: string;
  timezone?: string;
  address?: string;
  avatar?: string;
  language?: Language;
  always_report_later?: boolean;
  counter_reset?: 0 | 1;
  old_password?: string;
  new_password?: string;
};

/** PATCH /auth/profile: profile fields, and a password change proven by the old password. */
export async function patchProfile(
  deps: AuthDeps,
  actor: Actor,
  body: ProfilePatch,
  origin: RequestOrigin,
) {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw fail('access.session_ended');
  const patch: UserPatch = {
    firstName: body.first_name,
    lastName: body.last_name,
    telephone: body.telephone,
    timezone: body.timezone,
    address: body.address,
    avatar: body.avatar,
    language: body.language,
    alwaysReportLater: body.always_report_later,
    counterReset: body.counter_reset,
    updatedAt: deps.clock(),
  };
  const isPasswordChange = body.old_password !== undefined && body.new_password !== undefined;
  if (isPasswordChange) {
    await proveOldPassword(deps, user, body.old_password!, origin);
    patch.passwordHash = await hashPassword(body.new_password!);
    patch.failedLogins = 0;
  }
  const changed = Object.keys(body).filter((k) => k !== 'old_password' && k !== 'new_password');
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, patch);
    if (changed.length > 0)
      await auditUser(tx, user, 'user.profile.update', 'success', origin, { fields: changed });
    if (isPasswordChange) {
      // The old password's outstanding reset links and a sign-in waiting for its code lapse.
      await spendResetTokensOfUser(tx, user.id, deps.clock());
      await deleteVerificationsOfUser(tx, user.id);
      await auditUser(tx, user, 'auth.password.change', 'success', origin);
    }
  });
  deps.cache.invalidate(user.id);
  if (isPasswordChange) {
    await deps.mailer.send({
      to: user.email,
      lang: toLanguage(body.language ?? user.language),
      kind: 'password-changed',
      data: { time: deps.clock().toISOString(), ip: origin.ip },
    });
  }
}

/**
 * The old password of a password change: 5 checks per account in 15 minutes (429 with
 * Retry-After), and a wrong one counts towards the account lock as a wrong sign-in does.
 */
async function proveOldPassword(
  deps: AuthDeps,
  user: UserRow,
  oldPassword: string,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  if (user.lockedUntil && user.lockedUntil > now) {
    throw tooManyRequests(
      (user.lockedUntil.getTime() - now.getTime()) / 1000,
      'auth.account_locked',
    );
  }
  await deps.limiter.hit(LIMITS.passwordCheckPerAccount(user.id));
  if (await verifyPassword(user.passwordHash, oldPassword)) return;
  await deps.db.transaction(async (tx) => {
    const failures = await incrementFailedLogins(tx, user.id);
    const isLocking = failures >= LOCK_AFTER_FAILED_LOGINS;
    if (isLocking) {
      await updateUser(tx, user.id, {
        failedLogins: 0,
        lockedUntil: new Date(now.getTime() + LOCK_DURATION_MS),
      });
    }
    await auditUser(tx, user, 'auth.password.change', 'failure', origin, {
      reason: 'wrong-old-password',
      failures,
      isLocking,
    });
  });
  deps.cache.invalidate(user.id);
  throw fail('auth.old_password_wrong');
}
