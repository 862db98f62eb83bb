import { type Action, can, isAction } from '@tkc/contracts/access/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActorContext } from '../features/access/actor-service';
import { safeEqual } from '../lib/crypto';
import { fail } from '../lib/errors';

// Who may call a route is declared on the route and enforced here, in the first hook, before the
// body is read or validated (docs/security.md#route-access). A route under /api/v1 without a
// declaration stops the server from starting.

type RouteAccess =
  /** Anyone (sign-in, health, config). */
  | { kind: 'public' }
  /** A link token (invitation, password reset) in the Authid header; the service checks it. */
  | { kind: 'link' }
  /** A live session. */
  | { kind: 'session' }
  /** A live session whose roles grant the action in some company (the service checks the row). */
  | { kind: 'action'; action: Action }
  /** The local admin commands: loopback and the token of DATA_DIR/server.json. */
  | { kind: 'admin' }
  /** GET /metrics: `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md#metrics). */
  | { kind: 'metrics' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Route options `config` of each kind: `{ config: allow('user.view'), schema: ... }`. */
export const publicRoute = { access: { kind: 'public' } } as const;
export const linkRoute = { access: { kind: 'link' } } as const;
export const sessionRoute = { access: { kind: 'session' } } as const;
export const adminRoute = { access: { kind: 'admin' } } as const;
export const metricsRoute = { access: { kind: 'metrics' } } as const;
export const allow = (action: Action) => ({ access: { kind: 'action' as const, action } });

export type RouteEntry = { method: string; url: string; access: RouteAccess };

/** The API, and the one route outside it that needs a declaration too. */
const isApi = (url: string) =>
  url.startsWith('/api/v1/') || url === '/api/v1' || url === '/metrics';
const isLoopback = (ip: string | undefined) =>
  ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

/** Refuses to register an API route without a declaration; keeps the table for tests. */
export function requireAccessDeclarations(app: FastifyInstance): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    if (access.kind === 'action' && !isAction(access.action)) {
      throw new Error(`Route ${route.method} ${route.url} names an unknown action`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });
  return table;
}

export type AccessDeps = {
  /** Who is asking, for a request with a live session. */
  actorOf: (request: FastifyRequest) => Promise<ActorContext>;
  adminToken?: string;
  /** METRICS_TOKEN; unset: the metrics route does not exist. */
  metricsToken?: string;
};

/**
 * The checks of the route's declaration that need no database: throws a refusal, or answers
 * whether the route's action still needs the actor (an action route with a live session).
 */
export function checkAccess(
  request: FastifyRequest,
  deps: Pick<AccessDeps, 'adminToken' | 'metricsToken'>,
): 'done' | 'needs-actor' {
  const access = request.routeOptions.config?.access;
  if (!access || access.kind === 'public') return 'done';
  if (access.kind === 'admin') {
    const sent = String(request.headers['x-admin-token'] ?? '');
    if (sent === '') throw fail('access.no_admin_token');
    const isAllowed =
      deps.adminToken !== undefined &&
      isLoopback(request.socket.remoteAddress) &&
      safeEqual(sent, deps.adminToken);
    if (!isAllowed) throw fail('access.forbidden');
    return 'done';
  }
  if (access.kind === 'metrics') {
    const match = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''));
    if (!match) throw fail('access.no_metrics_token');
    if (!deps.metricsToken || !safeEqual(match[1]!, deps.metricsToken))
      throw fail('access.forbidden');
    return 'done';
  }
  if (access.kind === 'link') {
    if (!request.authToken) throw fail('access.no_authid');
    return 'done';
  }
  if (!request.session) {
    throw fail(request.authToken ? 'access.session_ended' : 'access.no_authid');
  }
  return access.kind === 'session' ? 'done' : 'needs-actor';
}

/**
 * Enforces the route's declaration; a request with a live session on an action route leaves
 * with `request.actor` set.
 */
export async function enforceAccess(request: FastifyRequest, deps: AccessDeps): Promise<void> {
  if (checkAccess(request, deps) === 'needs-actor') await grantAction(request, deps);
}

/**
 * The rest of an action route's check, once checkAccess has answered 'needs-actor': the actor's
 * roles must grant the action in some company; the request leaves with `request.actor` set.
 */
export async function grantAction(
  request: FastifyRequest,
  deps: Pick<AccessDeps, 'actorOf'>,
): Promise<void> {
  const access = request.routeOptions.config?.access;
  if (access?.kind !== 'action') return;
  const actor = await deps.actorOf(request);
  if (!can(actor, access.action)) throw fail('access.forbidden');
  request.actor = actor;
}
