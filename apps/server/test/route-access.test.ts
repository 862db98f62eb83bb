import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAccessDeclarations } from '../src/plugins/route-access';
import { snapshotTables } from './support/db-snapshot';
import { createTestApp, type TestContext } from './support/test-app';

// Every API route declares who may call it, and the access hook answers before the body is read
// (docs/security.md#route-access): whatever an anonymous caller sends, a protected route says 401
// and writes nothing.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: 'm'.repeat(32) }, { adminToken: 'a'.repeat(43) });
});
afterAll(async () => {
  await ctx.close();
});

const ID = '00000000-0000-4000-8000-000000000001';
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, ID);

const BODIES: { name: string; payload?: string; type?: string }[] = [
  { name: 'no body' },
  { name: 'an empty JSON object', payload: '{}', type: 'application/json' },
  { name: 'malformed JSON', payload: '{"sn":', type: 'application/json' },
  { name: 'wrong types', payload: '{"sn":42,"email":[],"roles":"x"}', type: 'application/json' },
  { name: 'a text body', payload: 'hello', type: 'text/plain' },
];

describe('route access declarations', () => {
  it('every API route of the app declares its access, and the table lists them all', () => {
    const table = ctx.app.accessTable;
    expect(table.length).toBeGreaterThan(40);
    const kinds = new Set(table.map((r) => r.access.kind));
    expect([...kinds].sort()).toEqual(['action', 'admin', 'link', 'metrics', 'public', 'session']);
    for (const entry of table) {
      expect(ctx.app.hasRoute({ method: entry.method as 'GET', url: entry.url })).toBe(true);
    }
  });

  it('a route without a declaration stops the app from starting', async () => {
    const app = Fastify();
    requireAccessDeclarations(app);
    expect(() => app.get('/api/v1/forgotten', async () => 'x')).toThrow(
      'Route GET /api/v1/forgotten declares no access',
    );
    expect(() =>
      app.get(
        '/api/v1/typo',
        // @ts-expect-error: an action the catalogue does not know
        { config: { access: { kind: 'action', action: 'user.delete' } } },
        async () => 'x',
      ),
    ).toThrow('names an unknown action');
    // Outside the API (the SPA's pages, static files) no declaration is needed.
    expect(() => app.get('/about', async () => 'x')).not.toThrow();
    await app.close();
  });

  it('the public routes are exactly the sign-in, reset request and system ones', () => {
    const open = ctx.app.accessTable
      .filter((r) => r.access.kind === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([
      'GET /api/v1/config',
      'GET /api/v1/health',
      'GET /api/v1/ip',
      'GET /api/v1/ready',
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/login/otp',
      'POST /api/v1/auth/login/verify',
      'POST /api/v1/auth/reset_password',
    ]);
  });

  it('without a token, every protected route answers 401 {status, msg} whatever the body, and writes nothing', async () => {
    const before = await snapshotTables(ctx.database.db);
    const protectedRoutes = ctx.app.accessTable.filter(
      (r) => r.access.kind !== 'public' && r.method !== 'HEAD',
    );
    let tried = 0;
    for (const route of protectedRoutes) {
      for (const body of BODIES) {
        if (route.method === 'GET' && body.payload !== undefined) continue;
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          headers: body.type ? { 'content-type': body.type } : {},
          payload: body.payload,
        });
        const what = `${route.method} ${route.url} with ${body.name}`;
        expect(response.statusCode, what).toBe(401);
        const json = response.json();
        expect(json, what).toMatchObject({ status: 401, msg: expect.any(String) });
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(await snapshotTables(ctx.database.db)).toEqual(before);
  });

  it('a session token that names no session is 401 too, before validation', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uld/erase/auth',
      headers: { authid: 'x'.repeat(43), 'content-type': 'application/json' },
      payload: '{"sn":',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, msg: 'Please Login again.' });
  });
});
