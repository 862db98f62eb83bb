import {
  can,
  GLOBAL_ADMIN_ROLES,
  hasAnyRole,
  type Permission,
  type RoleCode,
} from '@tkc/contracts/roles';
import { forbidden, notFound } from '../../lib/errors';
import type { ActorContext } from './actor-context';

// The server's one permission module: spec section 6's matrix lives in @tkc/contracts/roles (the SPA
// reads the same rules); every management route asks here before it does anything.

export type Scope = { isAll: true } | { isAll: false; companyCode: string };

export const isGlobalAdmin = (actor: ActorContext) =>
  hasAnyRole(actor.roles, GLOBAL_ADMIN_ROLES, actor.platformCode, actor.platformCode);

/**
 * Throws unless the actor may do `action` on data of `targetCompanyCode`. Another company's data
 * answers 404, so ids do not tell whether they exist; one's own company answers 403.
 */
export function assertCan(
  actor: ActorContext,
  action: Permission,
  targetCompanyCode: string,
): void {
  if (can(actor.roles, actor.companyCode, action, targetCompanyCode, actor.platformCode)) return;
  throw targetCompanyCode === actor.companyCode ? forbidden() : notFound();
}

/** Which companies a list may show: all (global right), the actor's own (local right), or 403. */
export function listScope(actor: ActorContext, action: Permission): Scope {
  if (can(actor.roles, actor.companyCode, action, '\u0000any', actor.platformCode))
    return { isAll: true };
  if (can(actor.roles, actor.companyCode, action, actor.companyCode, actor.platformCode)) {
    return { isAll: false, companyCode: actor.companyCode };
  }
  throw forbidden();
}

/**
 * Whether the actor may hand out these roles in the target company: platform roles only in the
 * platform company, plf-owner only by a platform owner (spec 6: "only the first edits").
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
      throw forbidden(`The role ${role} can only be granted in the platform company`);
    }
    if (
      role === 'plf-owner' &&
      !can(
        actor.roles,
        actor.companyCode,
        'platformOwner.edit',
        targetCompanyCode,
        actor.platformCode,
      )
    ) {
      throw forbidden('Only a platform owner can grant the platform owner role');
    }
    if (role === 'plf-admin' && !isGlobalAdmin(actor)) {
      throw forbidden('Only a platform administrator can grant the platform administrator role');
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
