import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies } from '../src/db/schema';
import { recordAudit, verifyAuditChain } from '../src/features/audit/audit-service';
import { addModel, seedWorld, type World } from './support/management-fixture';
import { api, createTestApp, type TestContext } from './support/test-app';

// Findings of the review (docs/security.md#review), each pinned by the test that failed before
// its fix.

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  w = await seedWorld(ctx);
  await addModel(ctx, w.owner, 'T1000', 'newer', ['T1']);
});
afterAll(async () => {
  await ctx.close();
});

describe('the audit chain stores exactly what it hashes', () => {
  it('a lone surrogate in an erase authorisation is refused at the edge, and the chain still verifies', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uld/erase/auth',
      headers: { authid: w.acmeUser.token, 'content-type': 'application/json' },
      payload: '{"sn":"\\ud800","esn":"","rn":"0011223344556677"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'request.invalid_text',
      params: { field: 'sn' },
    });
    expect((await verifyAuditChain(ctx.database.db)).isValid).toBe(true);
  });

  it('text that PostgreSQL changes on the way in (lone surrogates, NUL) still verifies once stored', async () => {
    await ctx.database.db.transaction((tx) =>
      recordAudit(tx, {
        action: 'contact.send',
        result: 'failure',
        target: 'sn:\ud800X',
        detail: { note: 'a\u0000b', 'k\udc00': ['\ud83d', 'ok \ud83d\ude00'] },
      }),
    );
    expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ isValid: true });
    const [stored] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, 'sn:\uFFFDX'));
    expect(stored!.target).toBe('sn:\uFFFDX');
    expect(stored!.detail).toEqual({ note: 'a\uFFFDb', 'k\uFFFD': ['\uFFFD', 'ok \ud83d\ude00'] });
  });

  it('verification names every break, not only the first', async () => {
    const rows = await ctx.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    const [a, b] = [rows[2]!, rows[5]!];
    await ctx.database.db.execute(
      sql`update audit_events set ip = 'x' where id in (${a.id}, ${b.id})`,
    );
    try {
      const verdict = await verifyAuditChain(ctx.database.db);
      expect(verdict).toMatchObject({ isValid: false, brokenId: a.id });
      expect(verdict.isValid ? [] : verdict.breaks).toEqual([
        { id: a.id, reason: 'content does not match its hash' },
        { id: b.id, reason: 'content does not match its hash' },
      ]);
      const http = await api(ctx, 'GET', '/audit/verify', undefined, { token: w.owner.token });
      expect(http.json().data.breaks.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    } finally {
      await ctx.database.db.execute(sql`update audit_events set ip = ${a.ip} where id = ${a.id}`);
      await ctx.database.db.execute(sql`update audit_events set ip = ${b.ip} where id = ${b.id}`);
    }
    expect((await verifyAuditChain(ctx.database.db)).isValid).toBe(true);
  });
});

describe('a client mistake is never a 500', () => {
  const cases: [string, () => ReturnType<typeof api>][] = [
    [
      'NUL in a contact message',
      () =>
        api(
          ctx,
          'POST',
          '/msg/us',
          { subject: 'Hello', content: 'a\u0000bcd' },
          { token: w.acmeUser.token },
        ),
    ],
    [
      'NUL in a profile field',
      () =>
        api(ctx, 'PATCH', '/auth/profile', { first_name: 'A\u0000' }, { token: w.acmeUser.token }),
    ],
    [
      'a NUL in a query',
      () =>
        api(ctx, 'GET', '/uld/erase?search=ab%00cd', undefined, {
          token: w.acmeUser.token,
        }),
    ],
    [
      'year 0 as a start date',
      () =>
        api(ctx, 'GET', '/uld/erase?startDate=0000-01-01', undefined, { token: w.acmeUser.token }),
    ],
    [
      'a filter number past any status',
      () =>
        api(ctx, 'GET', '/uld/erase?filter=99999999999999999999', undefined, {
          token: w.acmeUser.token,
        }),
    ],
    [
      'year 0 as the end of a tier',
      () =>
        api(
          ctx,
          'PATCH',
          `/companies/${w.ids.ACME}`,
          { tier_ends_at: '0000-01-01' },
          { token: w.owner.token },
        ),
    ],
    [
      'year 0 in a list filter',
      () => api(ctx, 'GET', '/audit?from=0000-01-01T00:00', undefined, { token: w.owner.token }),
    ],
    [
      'a huge page',
      () =>
        api(ctx, 'GET', '/users?page=99999999999999999999', undefined, { token: w.owner.token }),
    ],
  ];
  for (const [name, call] of cases) {
    it(name, async () => {
      const response = await call();
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json()).toMatchObject({
        status: response.statusCode,
        code: expect.any(String),
      });
    });
  }
  it('a company keeps its tier when its edit is refused', async () => {
    const [acme] = await ctx.database.db.select().from(companies).where(eq(companies.code, 'ACME'));
    expect(acme!.tierEndsAt).toBeNull();
  });
});

describe('answers about a session are not cached', () => {
  it('every API answer says Cache-Control: no-store', async () => {
    for (const [method, url, token] of [
      ['GET', '/auth/profile', w.acmeUser.token],
      ['GET', '/uld/erase/nope', w.acmeUser.token],
      ['POST', '/auth/login', undefined],
    ] as const) {
      const response = await api(ctx, method, url, method === 'POST' ? {} : undefined, { token });
      expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
  });

  it('nor are the API description, an unknown API path, or a refusal before any route', async () => {
    for (const url of ['/api/docs/json', '/api/v1/no-such-route', '/api/v1/users/%E0%A4%A']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
      // The router's refusals run no hook, yet carry the same headers as any answer.
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the first start', () => {
  it('makes the platform company and the owner invitation in one transaction: a failure leaves nothing', async () => {
    const { openTestDatabase } = await import('./support/test-db');
    const { bootstrapFirstUser } = await import('../src/features/bootstrap/bootstrap');
    const { invitations } = await import('../src/db/schema');
    const database = await openTestDatabase();
    try {
      const failing = {
        send: async () => {},
        close: async () => {},
        sendIn: async () => {
          throw new Error('queue unavailable');
        },
      };
      const deps = { db: database.db, clock: () => new Date(), publicUrl: 'http://console.test' };
      const options = { ownerEmail: 'owner@console.test', platformCompanyCode: 'HQ' };
      await expect(bootstrapFirstUser({ ...deps, mailer: failing }, options)).rejects.toThrow(
        'queue unavailable',
      );
      expect(await database.db.select().from(companies)).toEqual([]);
      expect(await database.db.select().from(invitations)).toEqual([]);
      // The next start tries again, and this time the mail is queued with the rest.
      const queued: unknown[] = [];
      const working = {
        ...failing,
        sendIn: async (_tx: unknown, mail: unknown) => void queued.push(mail),
      };
      const link = await bootstrapFirstUser({ ...deps, mailer: working }, options);
      expect(link).toMatch(/^http:\/\/console\.test\/auth\/register\?api_token=/);
      expect(await database.db.select().from(companies)).toHaveLength(1);
      expect(queued).toEqual([
        expect.objectContaining({ to: 'owner@console.test', kind: 'invitation' }),
      ]);
    } finally {
      await database.close();
    }
  });
});

describe('a serial-number import', () => {
  it('a line longer than 1,024 characters stops the read with 400 and imports nothing (no buffering a line without end)', async () => {
    const before = await ctx.database.db.select().from(companies);
    const huge = `T1000001\n${'A'.repeat(5 * 1024 * 1024)}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${w.ids.ACME}/sn/import`,
      headers: { authid: w.owner.token, 'content-type': 'text/csv' },
      payload: huge,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'sn.import_line_too_long',
      params: { line: 2, max: 1024 },
    });
    const sns = await api(ctx, 'GET', `/companies/${w.ids.ACME}/sn?keyword=T1000001`, undefined, {
      token: w.owner.token,
    });
    expect(sns.json().data.total).toBe(0);
    expect(await ctx.database.db.select().from(companies)).toEqual(before);
  });

  it('a slow upload holds no transaction: other requests are answered while it streams', async () => {
    const { PassThrough } = await import('node:stream');
    const body = new PassThrough();
    const importing = ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${w.ids.ACME}/sn/import`,
      headers: { authid: w.owner.token, 'content-type': 'text/csv' },
      payload: body,
    });
    body.write('sn\nT1000101\n');
    // While the upload waits for more, a write elsewhere goes through at once.
    const started = Date.now();
    const other = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { first_name: 'Busy' },
      { token: w.acmeAdmin.token },
    );
    expect(other.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    body.end('T1000102\n');
    const response = await importing;
    expect(response.json().data).toMatchObject({ imported: 2 });
  });
});
