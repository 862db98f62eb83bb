import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/errors';
import { requireActor } from '../../plugins/session';
import { loadProfile } from '../auth/profile-service';
import type { AuthDeps } from '../auth/session-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking, set by the access hook on action routes (else built on first use). */
    actor: ActorContext | null;
  }
}

/** Who is asking: the session's user with company code and 'COMPANY/role' strings. */
export type ActorContext = {
  userId: string;
  email: string;
  companyId: string;
  companyCode: string;
  roles: string[];
  platformCode: string;
  hqscCode: string;
  /** The user's time zone: list date filters are wall-clock dates there. */
  timeZone: string;
  ip: string;
};

export type ActorDeps = Pick<AuthDeps, 'db' | 'cache'> & { platformCode: string; hqscCode: string };

export async function actorContext(
  deps: ActorDeps,
  request: FastifyRequest,
): Promise<ActorContext> {
  if (request.actor) return request.actor;
  const actor = requireActor(request);
  const profile = await loadProfile(deps, actor.userId);
  if (!profile) throw fail('access.session_ended');
  request.actor = {
    userId: actor.userId,
    email: actor.email,
    companyId: actor.companyId,
    companyCode: profile.companyCode,
    roles: profile.roles,
    platformCode: deps.platformCode,
    hqscCode: deps.hqscCode,
    timeZone: profile.user.timezone,
    ip: request.ip,
  };
  return request.actor;
}
