import { type Action, can, scopeOf } from '@tkc/contracts/access/permissions';
import { isGlobalAdmin as holdsGlobalAdmin, type RoleCode } from '@tkc/contracts/access/roles';
import { fail } from '../../lib/errors';
import type { ActorContext } from './actor-service';

// Row-level checks over the permission catalogue (@tkc/contracts/access/permissions). The route
// hook has already refused an actor who may not do the action anywhere; a service asks here
// whether the action reaches the company of the row in hand.

export type Scope = { isAll: true } | { isAll: false; companyCode: string };

const isGlobalAdmin = (actor: ActorContext) => holdsGlobalAdmin(actor.roles, actor.platformCode);

/**
 * Throws unless the actor may do `action` on data of `targetCompanyCode`. Another company's data
 * answers 404, so ids do not tell whether they exist; one's own company answers 403.
 */
export function assertCan(actor: ActorContext, action: Action, targetCompanyCode: string): void {
  if (can(actor, action, targetCompanyCode)) return;
  throw fail(targetCompanyCode === actor.companyCode ? 'access.forbidden' : 'request.not_found');
}

/** Which companies a list may show: all (a platform grant), the actor's own, or 403. */
export function listScope(actor: ActorContext, action: Action): Scope {
  const scope = scopeOf(actor, action);
  if (scope === 'all') return { isAll: true };
  if (scope === 'own') return { isAll: false, companyCode: actor.companyCode };
  throw fail('access.forbidden');
}

/**
 * Whether the actor may hand out these roles in the target company: platform roles only in the
 * platform company, plf-owner only by a platform owner.
 */
export function assertCanGrant(
  actor: ActorContext,
  roles: readonly RoleCode[],
  targetCompanyCode: string,
): void {
  assertCan(actor, 'user.edit', targetCompanyCode);
  const isPlatformTarget = targetCompanyCode === actor.platformCode;
  for (const role of roles) {
    if ((role === 'plf-owner' || role === 'plf-admin') && !isPlatformTarget) {
      throw fail('user.platform_role_only', { role });
    }
    if (role === 'plf-owner' && !can(actor, 'platformOwner.edit', targetCompanyCode)) {
      throw fail('user.only_owner_grants_owner');
    }
    if (role === 'plf-admin' && !isGlobalAdmin(actor)) {
      throw fail('user.only_admin_grants_admin');
    }
  }
}

/** Platform owner accounts: both admins view them, only a platform owner edits them. */
export function assertCanTouchUser(
  actor: ActorContext,
  target: { companyCode: string; roles: readonly string[] },
  op: 'view' | 'edit',
): void {
  assertCan(actor, `user.${op}`, target.companyCode);
  const isOwner = target.roles.some((r) => r === `${actor.platformCode}/plf-owner`);
  if (isOwner) assertCan(actor, `platformOwner.${op}`, target.companyCode);
}
