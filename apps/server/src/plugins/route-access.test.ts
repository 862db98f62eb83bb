import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/support/actor-fixture';
import { AppError } from '../lib/errors';
import {
  type AccessDeps,
  adminRoute,
  allow,
  enforceAccess,
  linkRoute,
  metricsRoute,
  publicRoute,
  requireAccessDeclarations,
  sessionRoute,
} from './route-access';

// The access hook on its own (docs/security.md#route-access): each kind of declaration with the
// request it lets through and each one it refuses, with the refusal's code. The API test
// (test/route-access.test.ts) checks the same hook on every route of the real app.

const ADMIN_TOKEN = 'a'.repeat(43);
const METRICS_TOKEN = 'm'.repeat(32);

const actor = testActor;

type Fake = {
  config?: { access?: unknown };
  headers?: Record<string, string>;
  remoteAddress?: string;
  authToken?: string;
  session?: object | null;
};

const requestOf = (fake: Fake) =>
  ({
    routeOptions: { config: fake.config },
    headers: fake.headers ?? {},
    socket: { remoteAddress: fake.remoteAddress },
    authToken: fake.authToken,
    session: fake.session ?? null,
    actor: null,
  }) as unknown as FastifyRequest;

const deps = (roles: string[] = []): AccessDeps => ({
  actorOf: async () => actor(roles),
  adminToken: ADMIN_TOKEN,
  metricsToken: METRICS_TOKEN,
});

/** The code of the refusal, or 'allowed'. */
async function outcome(fake: Fake, d: AccessDeps = deps()): Promise<string> {
  try {
    await enforceAccess(requestOf(fake), d);
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('enforceAccess', () => {
  it('lets anyone call a public route or one without a declaration (outside the API)', async () => {
    expect(await outcome({ config: publicRoute })).toBe('allowed');
    expect(await outcome({ config: {} })).toBe('allowed');
    expect(await outcome({})).toBe('allowed');
  });

  it('admin: the token of server.json, from loopback only', async () => {
    const admin = (token: string | undefined, remoteAddress: string, d = deps()) =>
      outcome(
        { config: adminRoute, headers: token ? { 'x-admin-token': token } : {}, remoteAddress },
        d,
      );
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(await admin(ADMIN_TOKEN, ip)).toBe('allowed');
    }
    expect(await admin(undefined, '127.0.0.1')).toBe('access.no_admin_token');
    expect(await admin(`${ADMIN_TOKEN.slice(1)}b`, '127.0.0.1')).toBe('access.forbidden');
    expect(await admin(ADMIN_TOKEN, '203.0.113.7')).toBe('access.forbidden');
    expect(await admin(ADMIN_TOKEN, '::ffff:203.0.113.7')).toBe('access.forbidden');
    expect(await admin(ADMIN_TOKEN, '')).toBe('access.forbidden');
    // A server without an admin token takes none.
    expect(await admin(ADMIN_TOKEN, '127.0.0.1', { ...deps(), adminToken: undefined })).toBe(
      'access.forbidden',
    );
    expect(await outcome({ config: adminRoute, headers: { 'x-admin-token': ADMIN_TOKEN } })).toBe(
      'access.forbidden',
    );
  });

  it('metrics: exactly `Bearer <METRICS_TOKEN>`', async () => {
    const metrics = (authorization: string | undefined, d = deps()) =>
      outcome({ config: metricsRoute, headers: authorization ? { authorization } : {} }, d);
    expect(await metrics(`Bearer ${METRICS_TOKEN}`)).toBe('allowed');
    expect(await metrics(undefined)).toBe('access.no_metrics_token');
    expect(await metrics(METRICS_TOKEN)).toBe('access.no_metrics_token');
    expect(await metrics(`Basic ${METRICS_TOKEN}`)).toBe('access.no_metrics_token');
    expect(await metrics(`Bearer ${METRICS_TOKEN} extra`)).toBe('access.no_metrics_token');
    expect(await metrics(`xBearer ${METRICS_TOKEN}`)).toBe('access.no_metrics_token');
    expect(await metrics(`Bearer ${METRICS_TOKEN}x`)).toBe('access.forbidden');
    expect(await metrics(`Bearer ${METRICS_TOKEN}`, { ...deps(), metricsToken: undefined })).toBe(
      'access.forbidden',
    );
  });

  it('link: any token in Authid (the service checks it), none is 401', async () => {
    expect(await outcome({ config: linkRoute, authToken: 'link-token' })).toBe('allowed');
    expect(await outcome({ config: linkRoute })).toBe('access.no_authid');
  });

  it('session: a live session; a token without one has ended, no token is no Authid', async () => {
    const session = { userId: 'u1' };
    expect(await outcome({ config: sessionRoute, authToken: 't', session })).toBe('allowed');
    expect(await outcome({ config: sessionRoute, authToken: 't' })).toBe('access.session_ended');
    expect(await outcome({ config: sessionRoute })).toBe('access.no_authid');
    expect(await outcome({ config: allow('user.view'), authToken: 't' })).toBe(
      'access.session_ended',
    );
  });

  it('action: the actor’s roles must grant it in some company; the actor is then on the request', async () => {
    const session = { userId: 'u1' };
    const request = requestOf({ config: allow('user.view'), authToken: 't', session });
    await enforceAccess(request, deps(['ACME/com-admin']));
    expect(request.actor).toMatchObject({ userId: 'u1', roles: ['ACME/com-admin'] });

    const refused = requestOf({ config: allow('user.view'), authToken: 't', session });
    await expect(enforceAccess(refused, deps(['ACME/cap-user']))).rejects.toMatchObject({
      code: 'access.forbidden',
    });
    expect(refused.actor).toBeNull();
  });
});

describe('requireAccessDeclarations', () => {
  /** The onRoute hook the function installs, fed the given routes; returns the table. */
  function declare(...routes: { method: string | string[]; url: string; config?: object }[]) {
    let onRoute!: (route: object) => void;
    const app = {
      addHook: (name: string, hook: (route: object) => void) => {
        expect(name).toBe('onRoute');
        onRoute = hook;
      },
    } as unknown as FastifyInstance;
    const table = requireAccessDeclarations(app);
    for (const route of routes) onRoute(route);
    return table;
  }

  it('lists every method of every declared API route and /metrics', () => {
    expect(
      declare(
        { method: ['GET', 'HEAD'], url: '/api/v1/users', config: allow('user.view') },
        { method: 'GET', url: '/api/v1', config: publicRoute },
        { method: 'GET', url: '/metrics', config: metricsRoute },
      ),
    ).toEqual([
      { method: 'GET', url: '/api/v1/users', access: { kind: 'action', action: 'user.view' } },
      { method: 'HEAD', url: '/api/v1/users', access: { kind: 'action', action: 'user.view' } },
      { method: 'GET', url: '/api/v1', access: { kind: 'public' } },
      { method: 'GET', url: '/metrics', access: { kind: 'metrics' } },
    ]);
  });

  it('leaves routes outside the API alone, declared or not', () => {
    expect(declare({ method: 'GET', url: '/' }, { method: 'GET', url: '/api/v10/x' })).toEqual([]);
    expect(declare({ method: 'GET', url: '/assets/a.js', config: publicRoute })).toEqual([]);
  });

  it('refuses an API route without a declaration, or naming an unknown action', () => {
    expect(() => declare({ method: 'GET', url: '/api/v1/x' })).toThrow(
      'Route GET /api/v1/x declares no access',
    );
    expect(() => declare({ method: 'GET', url: '/metrics', config: {} })).toThrow(
      'declares no access',
    );
    expect(() =>
      declare({
        method: 'POST',
        url: '/api/v1/x',
        config: { access: { kind: 'action', action: 'user.fly' } },
      }),
    ).toThrow('Route POST /api/v1/x names an unknown action');
  });
});
