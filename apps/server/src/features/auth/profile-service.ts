import type { Language } from '@tkc/contracts/fields';
import { badRequest, unauthorized } from '../../lib/errors';
import { toLanguage } from '../../lib/language';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor, AuthDeps, RequestOrigin } from './auth-deps';
import { MSG } from './auth-policy';
import { findProfile, findUserById, type UserPatch, updateUser } from './auth-repo';
import { auditUser } from './login-service';

/** GET /auth/profile: the current user of spec section 3. */
export async function getProfile(
  deps: Pick<AuthDeps, 'db' | 'cache'>,
  actor: Actor,
  expiresAt: Date,
) {
  const row = await deps.cache.profile(actor.userId, () => findProfile(deps.db, actor.userId));
  if (!row) throw unauthorized(MSG.sessionEnded);
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
    is_valid_origin: true,
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
  if (!user) throw unauthorized(MSG.sessionEnded);
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
    if (!(await verifyPassword(user.passwordHash, body.old_password!))) {
      await auditUser(deps.db, user, 'auth.password.change', 'failure', origin, {
        reason: 'wrong-old-password',
      });
      throw badRequest(MSG.oldPasswordWrong);
    }
    patch.passwordHash = await hashPassword(body.new_password!);
  }
  const changed = Object.keys(body).filter((k) => k !== 'old_password' && k !== 'new_password');
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, patch);
    if (changed.length > 0)
      await auditUser(tx, user, 'user.profile.update', 'success', origin, { fields: changed });
    if (isPasswordChange) await auditUser(tx, user, 'auth.password.change', 'success', origin);
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
