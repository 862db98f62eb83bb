import { formatAuthHeader, parseAuthHeader } from '@tkc/contracts/api/auth-header';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, AuthDeps, RequestOrigin } from '../features/auth/auth-deps';
import {
  type ResolvedSession,
  resolveCachedSession,
  resolveSession,
} from '../features/auth/session-service';
import { fail } from '../lib/errors';
import { type AccessDeps, checkAccess, enforceAccess, grantAction } from './route-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session the Authid header names, if any. */
    session: ResolvedSession | null;
    /** The raw Authid token (a session token or a link token), if sent. */
    authToken: string | undefined;
    /** The token named a session that this request found idle for too long (and ended). */
    isSessionIdle: boolean;
  }
}

/** Ends a callback hook with a promise's outcome; a rejection is always an Error, so it refuses. */
function settle(promise: Promise<void>, done: (error?: Error) => void) {
  promise.then(
    () => done(),
    (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
  );
}

/** The token of the Authid header (`token` or `token; expiry=...`). */
const readAuthToken = (request: FastifyRequest) => {
  const header = request.headers.authid;
  return parseAuthHeader(Array.isArray(header) ? header[0] : header)?.token;
};

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Why a request without a live session is refused: no token, an idle session, or an ended one. */
function noSessionError(request: FastifyRequest) {
  if (!request.authToken) return fail('access.no_authid');
  return fail(request.isSessionIdle ? 'access.session_idle' : 'access.session_ended');
}

/** The signed-in actor, or 401: 'No AuthId' without a token, else the session has ended. */
export function requireActor(request: FastifyRequest): Actor & { expiresAt: Date } {
  if (!request.session) throw noSessionError(request);
  return request.session;
}

/**
 * Resolves the Authid header on every API request, then enforces the route's access declaration
 * (before the body is read); while the session lives, answers with `authid: <token>;
 * expiry=<ISO>` (errors included), so the SPA can keep its copy fresh.
 */
export function registerSession(
  app: FastifyInstance,
  deps: Pick<AuthDeps, 'db' | 'clock' | 'cache' | 'config'> & AccessDeps,
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('authToken', undefined);
  app.decorateRequest('isSessionIdle', false);
  app.decorateRequest('actor', null);
  // Callback style with a synchronous path: a request whose session the cache answers and whose
  // route needs no actor runs no await here (docs/benchmarks.md#auth-twelfth).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/v1/')) {
      // Outside the API only /metrics declares an access (and needs no session).
      if (!request.routeOptions.config?.access) return done();
      settle(enforceAccess(request, deps), done);
      return;
    }
    const token = readAuthToken(request);
    request.authToken = token;
    // Session tokens are 43 base64url characters; anything else cannot be one.
    if (token && token.length === 43) {
      const cached = resolveCachedSession(deps, token);
      if (cached) {
        request.session = cached.session ?? null;
        let needsActor: boolean;
        try {
          needsActor = checkAccess(request, deps) === 'needs-actor';
        } catch (error) {
          return done(error as Error);
        }
        if (!needsActor) return done();
        settle(grantAction(request, deps), done);
        return;
      }
    }
    settle(resolveAndEnforce(request, token), done);
  });
  async function resolveAndEnforce(request: FastifyRequest, token: string | undefined) {
    if (token && token.length === 43) {
      const found = await resolveSession(deps, token, request.ip);
      request.session = found.session ?? null;
      request.isSessionIdle = found.isIdle;
    }
    // A route that needs a session says why it is gone: idle (access.session_idle) or ended.
    const kind = request.routeOptions.config?.access?.kind;
    if (request.isSessionIdle && kind !== 'public' && kind !== 'link')
      throw noSessionError(request);
    await enforceAccess(request, deps);
  }
  app.addHook('onSend', (request, reply, payload, done) => {
    const session = request.session;
    // A 401 means the session ended while the request ran (refresh lost a race): no header then.
    if (session && reply.statusCode !== 401) {
      reply.header('authid', formatAuthHeader(session.token, session.expiresAt));
    }
    done(null, payload);
  });
}
