import { ROLE_GROUPS, type RoleCode } from '@tkc/contracts/access/roles';
import type { inviteBody, USER_SORT_COLUMNS } from '@tkc/contracts/api/management';
import { INVITATION_TTL_MS } from '@tkc/contracts/constants';
import type { ListQueryParams } from '@tkc/contracts/list-query';
import { dateRangeOf } from '@tkc/contracts/list-query';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { companies } from '../../db/schema';
import { newToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { onlyIds } from '../../lib/ids';
import type { Mailer } from '../../lib/mail/mailer';
import type { RateLimiter } from '../../lib/rate-limit';
import { assertCan, assertCanGrant, assertCanTouchUser, listScope } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import { type AuthCache, setAccountDisabled } from '../auth/session-service';
import { lockCompany } from '../companies/companies-service';
import { prepareInvitation, sendInvitationMail } from '../invitations/invitation-service';
import {
  countLicenceUse,
  findPendingInvitation,
  findUserWithCompany,
  listRolesOfUser,
  listUsersAndInvitations,
  replaceRolesOfUser,
  updateInvitation,
} from './users-repo';

export type UsersDeps = {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  cache: Pick<AuthCache, 'invalidate'>;
  publicUrl: string;
  limiter: RateLimiter;
};

/** Resends of one invitation: a mail flood to one address needs more than one click. */
const RESEND_LIMIT = { max: 5, windowS: 3600 };

const toIso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** GET /users: a global admin sees every company; a company admin only their own. */
export async function listUsers(
  deps: UsersDeps,
  actor: ActorContext,
  query: ListQueryParams<(typeof USER_SORT_COLUMNS)[number]>,
) {
  const scope = listScope(actor, 'user.view');
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const { total, rows } = await listUsersAndInvitations(
    deps.db,
    {
      companyId: scope.isAll ? undefined : actor.companyId,
      companyIds: onlyIds(query.companyid),
      keyword: query.keyword,
      statuses: query.status,
      roles: query.activity,
      start,
      endExclusive,
      now: deps.clock(),
    },
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sortby: query.sortby,
      sort: query.sort,
    },
  );
  // Platform owners are visible only to those the matrix lets view them.
  const canSeeOwners = (() => {
    try {
      assertCan(actor, 'platformOwner.view', actor.platformCode);
      return true;
    } catch {
      return false;
    }
  })();
  return {
    total,
    data: rows.map((row) => ({
      ...row,
      roles: canSeeOwners ? row.roles : row.roles.filter((r) => !r.endsWith('/plf-owner')),
      created_at: toIso(row.created_at)!,
      expires_at: toIso(row.expires_at),
    })),
  };
}

/**
 * Refuses a grant past the company's licences. A user who already holds a role of the group keeps
 * their seat; the platform company is not licensed per seat.
 */
async function assertLicences(
  tx: DbOrTx,
  company: typeof companies.$inferSelect,
  roles: readonly string[],
  now: Date,
  current: { userId?: string; roles: readonly string[] } = { roles: [] },
) {
  if (company.isPlatform) return;
  const needed = Object.fromEntries(
    Object.entries(ROLE_GROUPS).filter(
      ([, groupRoles]) =>
        roles.some((r) => (groupRoles as readonly string[]).includes(r)) &&
        !current.roles.some((r) => (groupRoles as readonly string[]).includes(r)),
    ),
  );
  if (Object.keys(needed).length === 0) return;
  const usage = await countLicenceUse(tx, company.id, needed, now, current.userId);
  for (const group of Object.keys(needed)) {
    const total = company.licences[group] ?? 0;
    if ((usage[group] ?? 0) + 1 > total) {
      throw fail('user.licence_exhausted', {
        group,
        company: company.code,
        used: usage[group] ?? 0,
        total,
      });
    }
  }
}

/** POST /users/invitations */
export async function inviteUser(
  deps: UsersDeps,
  actor: ActorContext,
  body: z.infer<typeof inviteBody>,
) {
  const prepared = await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, body.company_id);
    if (!company) throw fail('request.not_found');
    assertCanGrant(actor, body.roles, company.code);
    await assertLicences(tx, company, body.roles, deps.clock());
    return prepareInvitation(tx, deps, {
      email: body.email,
      companyCode: company.code,
      roles: body.roles,
      lang: body.lang,
      invitedBy: { userId: actor.userId, email: actor.email },
      ip: actor.ip,
    });
  });
  await sendInvitationMail(deps.mailer, {
    email: prepared.invitation.email,
    lang: body.lang ?? 'en',
    link: prepared.link,
    companyName: prepared.company.name,
    inviterName: actor.email,
  });
  return { id: prepared.invitation.id, expires_at: prepared.invitation.expiresAt.toISOString() };
}

async function pendingInvitationFor(db: DbOrTx, actor: ActorContext, id: string) {
  const found = await findPendingInvitation(db, id);
  if (!found) throw fail('request.not_found');
  assertCan(actor, 'user.resend', found.companyCode);
  if (found.invitation.roles.includes('plf-owner'))
    assertCan(actor, 'platformOwner.edit', found.companyCode);
  return found;
}

/** POST /users/invitations/{id}/resend: a new link, valid 7 days from now; the old one stops working. */
export async function resendInvitation(deps: UsersDeps, actor: ActorContext, id: string) {
  await pendingInvitationFor(deps.db, actor, id);
  await deps.limiter.hit({
    key: `invitation-resend:${id}`,
    ...RESEND_LIMIT,
    code: 'invitation.resend_limited',
  });
  const token = newToken();
  const found = await deps.db.transaction(async (tx) => {
    const pending = await pendingInvitationFor(tx, actor, id);
    const expiresAt = new Date(deps.clock().getTime() + INVITATION_TTL_MS);
    await updateInvitation(tx, id, { tokenHash: sha256Hex(token), expiresAt });
    await recordActorAudit(tx, actor, {
      action: 'invitation.resend',
      companyId: pending.invitation.companyId,
      target: `invitation:${id}`,
      detail: { email: pending.invitation.email },
    });
    return { ...pending, expiresAt };
  });
  await sendInvitationMail(deps.mailer, {
    email: found.invitation.email,
    lang: (found.invitation.language as 'en') ?? 'en',
    link: `${deps.publicUrl}/auth/register?api_token=${token}`,
    companyName: found.companyName,
    inviterName: actor.email,
  });
  return { id, expires_at: found.expiresAt.toISOString() };
}

/** DELETE /users/invitations/{id} */
export async function withdrawInvitation(deps: UsersDeps, actor: ActorContext, id: string) {
  await deps.db.transaction(async (tx) => {
    const pending = await pendingInvitationFor(tx, actor, id);
    await updateInvitation(tx, id, { withdrawnAt: deps.clock() });
    await recordActorAudit(tx, actor, {
      action: 'invitation.withdraw',
      companyId: pending.invitation.companyId,
      target: `invitation:${id}`,
      detail: { email: pending.invitation.email },
    });
  });
}

async function targetUser(tx: DbOrTx, actor: ActorContext, userId: string, op: 'view' | 'edit') {
  const found = await findUserWithCompany(tx, userId);
  if (!found) throw fail('request.not_found');
  const roles = (await listRolesOfUser(tx, userId)).map((r) => `${found.companyCode}/${r}`);
  assertCanTouchUser(actor, { companyCode: found.companyCode, roles }, op);
  return { ...found, roles: roles.map((r) => r.split('/')[1]!) };
}

/** PATCH /users/{id}/roles: replaces the user's roles in their company, within the licences. */
export async function setUserRoles(
  deps: UsersDeps,
  actor: ActorContext,
  userId: string,
  roles: RoleCode[],
) {
  const unique = [...new Set(roles)];
  await deps.db.transaction(async (tx) => {
    const target = await targetUser(tx, actor, userId, 'edit');
    const company = (await lockCompany(tx, target.user.companyId))!;
    const added = unique.filter((r) => !target.roles.includes(r));
    const removed = target.roles.filter((r) => !unique.includes(r as RoleCode));
    assertCanGrant(actor, [...added, ...(removed as RoleCode[])], company.code);
    if (
      userId === actor.userId &&
      removed.some((r) => ['plf-owner', 'plf-admin', 'com-admin'].includes(r))
    ) {
      throw fail('user.cannot_remove_own_admin');
    }
    await assertLicences(tx, company, unique, deps.clock(), { userId, roles: target.roles });
    await replaceRolesOfUser(tx, userId, company.id, unique);
    await recordActorAudit(tx, actor, {
      action: 'user.roles.update',
      companyId: company.id,
      target: `user:${userId}`,
      detail: { email: target.user.email, added, removed },
    });
  });
  deps.cache.invalidate(userId);
}

/** PATCH /users/{id}/status: disabling ends the user's session at once. */
export async function setUserDisabled(
  deps: UsersDeps,
  actor: ActorContext,
  userId: string,
  isDisabled: boolean,
) {
  if (userId === actor.userId) throw fail('user.cannot_disable_self');
  await deps.db.transaction(async (tx) => {
    const target = await targetUser(tx, actor, userId, 'edit');
    const endedSessions = await setAccountDisabled(tx, userId, isDisabled, deps.clock());
    await recordActorAudit(tx, actor, {
      action: isDisabled ? 'user.disable' : 'user.enable',
      companyId: target.user.companyId,
      target: `user:${userId}`,
      detail: { email: target.user.email, endedSessions },
    });
  });
  deps.cache.invalidate(userId);
}
