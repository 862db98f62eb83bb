import { formatAuthHeader, parseAuthHeader } from '@tkc/contracts/api/auth-header';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, AuthDeps, RequestOrigin } from '../features/auth/auth-deps';
import { MSG } from '../features/auth/auth-policy';
import { type ResolvedSession, resolveSession } from '../features/auth/login-service';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session the Authid header names, if any. */
    session: ResolvedSession | null;
    /** The raw Authid token (a session token or a link token), if sent. */
    authToken: string | undefined;
  }
}

/** The token of the Authid header (`token` or `token; expiry=...`). */
export const readAuthToken = (request: FastifyRequest) => {
  const header = request.headers.authid;
  return parseAuthHeader(Array.isArray(header) ? header[0] : header)?.token;
};

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** The signed-in actor, or 401: 'No AuthId' without a token, else the session has ended. */
export function requireActor(request: FastifyRequest): Actor & { expiresAt: Date } {
  if (!request.session) throw unauthorized(request.authToken ? MSG.sessionEnded : MSG.noAuthId);
  return request.session;
}

/**
 * Resolves the Authid header on every API request and, while the session lives, answers with
 * `authid: <token>; expiry=<ISO>` (errors included), so the SPA can keep its copy fresh.
 */
export function registerSession(
  app: FastifyInstance,
  deps: Pick<AuthDeps, 'db' | 'clock' | 'cache'>,
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('authToken', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/v1/')) return;
    const token = readAuthToken(request);
    request.authToken = token;
    // Session tokens are 43 base64url characters; anything else cannot be one.
    if (token && token.length === 43) request.session = (await resolveSession(deps, token)) ?? null;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const session = request.session;
    // A 401 means the session ended while the request ran (refresh lost a race): no header then.
    if (session && reply.statusCode !== 401) {
      reply.header('authid', formatAuthHeader(session.token, session.expiresAt));
    }
    return payload;
  });
}
