import { fail } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit-service';
import {
  claimInvitation,
  findInvitationByToken,
  parseRoleGrant,
} from '../invitations/invitation-service';
import type { AuthDeps, RequestOrigin } from './auth-deps';
import { LIMITS } from './auth-policy';
import { findUserByEmail, insertRoleGrants, insertUser } from './auth-repo';
import { openSession } from './session-service';

async function findInvitation(deps: AuthDeps, token: string | undefined) {
  if (!token) throw fail('auth.invalid_link');
  const found = await findInvitationByToken(deps.db, token, deps.clock());
  if (!found) throw fail('auth.invalid_link');
  return found;
}

/** POST /auth/registration/verify (invitation token in Authid) */
export async function verifyInvitation(
  deps: AuthDeps,
  token: string | undefined,
  origin: RequestOrigin,
) {
  await deps.limiter.hit(LIMITS.linkPerIp(origin.ip));
  const found = await findInvitation(deps, token);
  return { email: found.invitation.email, company: found.companyName };
}

export type RegistrationInput = {
  first_name: string;
  last_name: string;
  password: string;
  lang: 'en' | 'de' | 'es' | 'fr' | 'ja' | 'zh';
  address?: string;
  timeZone: string;
  telephone: string;
  avatar?: string;
};

/**
 * POST /auth/registration: spends the invitation, creates the user with its roles and opens the
 * user's first and only session, all in one transaction.
 */
export async function register(
  deps: AuthDeps,
  token: string | undefined,
  body: RegistrationInput,
  origin: RequestOrigin,
) {
  await deps.limiter.hit(LIMITS.registrationPerIp(origin.ip));
  const { invitation, companyCode } = await findInvitation(deps, token);
  if (await findUserByEmail(deps.db, invitation.email)) throw fail('auth.email_registered');
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    if (!(await claimInvitation(tx, invitation.id, now))) throw fail('auth.invalid_link');
    if (await findUserByEmail(tx, invitation.email)) throw fail('auth.email_registered');
    const user = await insertUser(tx, {
      email: invitation.email,
      companyId: invitation.companyId,
      firstName: body.first_name,
      lastName: body.last_name,
      telephone: body.telephone,
      timezone: body.timeZone,
      address: body.address ?? '',
      avatar: body.avatar ?? '',
      language: body.lang,
      passwordHash,
    });
    const grants = invitation.roles.map((r) => parseRoleGrant(r, companyCode));
    await insertRoleGrants(
      tx,
      grants.map((role) => ({ userId: user.id, companyId: invitation.companyId, role })),
    );
    const session = await openSession(tx, deps, user.id, origin);
    await recordAudit(tx, {
      action: 'auth.registration',
      result: 'success',
      actorUserId: user.id,
      actorEmail: user.email,
      companyId: user.companyId,
      target: `user:${user.id}`,
      ip: origin.ip,
      detail: { invitationId: invitation.id, roles: grants },
    });
    return { userId: user.id, session };
  });
}
