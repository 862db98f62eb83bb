import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { requireActor } from '../../plugins/session';
import type { AuthDeps } from '../auth/auth-deps';
import { MSG } from '../auth/auth-policy';
import { findProfile } from '../auth/auth-repo';

/** Who is asking: the session's user with company code and 'COMPANY/role' strings. */
export type ActorContext = {
  userId: string;
  email: string;
  companyId: string;
  companyCode: string;
  roles: string[];
  platformCode: string;
  /** The user's time zone: list date filters are wall-clock dates there. */
  timeZone: string;
  ip: string;
};

export type ActorDeps = Pick<AuthDeps, 'db' | 'cache'> & { platformCode: string };

export async function actorContext(
  deps: ActorDeps,
  request: FastifyRequest,
): Promise<ActorContext> {
  const actor = requireActor(request);
  const profile = await deps.cache.profile(actor.userId, () => findProfile(deps.db, actor.userId));
  if (!profile) throw unauthorized(MSG.sessionEnded);
  return {
    userId: actor.userId,
    email: actor.email,
    companyId: actor.companyId,
    companyCode: profile.companyCode,
    roles: profile.roles,
    platformCode: deps.platformCode,
    timeZone: profile.user.timezone,
    ip: request.ip,
  };
}
