import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, invitations, sessions, users } from '../src/db/schema';
import { verifyAuditChain } from '../src/features/audit/audit-service';
import {
  api,
  clientHash,
  createTestApp,
  ensureCompany,
  extractCode,
  registerUser,
  type TestContext,
  tokenOf,
} from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  await ensureCompany(ctx, 'HQ', 'Platform Headquarters', true);
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.database.db;
const allEvents = () => db().select().from(auditEvents).orderBy(asc(auditEvents.id));
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A JSON call from a given address (the address the audit must record). */
function call(
  ip: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token?: string,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: ip,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authid: token } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

const ok = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

// Tampering with stored events, column by column: audit-tamper.test.ts.

describe('audit events of the authentication API', () => {
  it('sign-in, failures, sign-out, refresh, password and factor changes are recorded with result and address', async () => {
    const user = await registerUser(ctx, { email: 'audited@example.com' });
    const userId = user.userId;
    const [A, B, C] = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];

    ok(await call(A, 'POST', '/auth/logout', undefined, user.token));
    // The body's ip is the client's word; the record keeps the address the server saw.
    const wrong = await call(B, 'POST', '/auth/login', {
      email: user.email,
      password: clientHash('no'),
      ip: '10.6.6.6',
    });
    expect(wrong.statusCode).toBe(400);

    const login = ok(
      await call(C, 'POST', '/auth/login', { email: user.email, password: user.hash }),
    );
    const verify_token = login.json().data.verify_token;
    ctx.smtp.clear();
    ok(await call(C, 'POST', '/auth/login/otp', { verify_token }));
    const code = extractCode(await ctx.smtp.waitForMail((m) => m.to.includes(user.email)));
    const verify = ok(
      await call(C, 'POST', '/auth/login/verify', {
        verify_token,
        code,
        mode: 'email',
      }),
    );
    const token = tokenOf(verify);
    ok(await call(C, 'POST', '/auth/refresh', undefined, token));

    const newHash = clientHash('Changed-pw-1');
    const badChange = await call(
      C,
      'PATCH',
      '/auth/profile',
      { old_password: clientHash('x'), new_password: newHash },
      token,
    );
    expect(badChange.statusCode).toBe(400);
    ok(
      await call(
        C,
        'PATCH',
        '/auth/profile',
        { old_password: user.hash, new_password: newHash },
        token,
      ),
    );

    ctx.smtp.clear();
    ok(await call(C, 'POST', '/auth/mfa', { mode: 'email' }, token));
    const mfaCode = extractCode(
      await ctx.smtp.waitForMail((m) => m.to.includes(user.email) && /\d{6}/.test(m.text)),
    );
    ok(await call(C, 'POST', '/auth/mfa/verify', { mode: 'email', code: mfaCode }, token));
    ok(await call(C, 'POST', '/auth/logout', undefined, token));

    const mine = (await allEvents()).filter((e) => e.target === `user:${userId}`);
    expect(mine.map((e) => [e.action, e.result, e.ip])).toEqual([
      ['auth.registration', 'success', '127.0.0.1'],
      ['auth.logout', 'success', A],
      ['auth.login.password', 'failure', B],
      ['auth.login.password', 'success', C],
      ['auth.code.sent', 'success', C],
      ['auth.login', 'success', C],
      ['auth.refresh', 'success', C],
      ['auth.password.change', 'failure', C],
      ['auth.password.change', 'success', C],
      ['auth.code.sent', 'success', C],
      ['auth.mfa.change', 'success', C],
      ['auth.logout', 'success', C],
    ]);
    for (const event of mine) {
      expect(event.actorUserId).toBe(userId);
      expect(event.actorEmail).toBe('audited@example.com');
      expect(event.companyId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(mine[2]!.detail).toMatchObject({ reason: 'wrong-password' });
    expect(mine[5]!.detail).toMatchObject({ mode: 'email' });
    expect(mine[7]!.detail).toMatchObject({ reason: 'wrong-old-password' });
    expect(mine[10]!.detail).toMatchObject({ from: null, to: 'email' });
    // Nothing secret goes into the record.
    const text = JSON.stringify(mine);
    for (const secret of [user.hash, newHash, code, mfaCode, token])
      expect(text).not.toContain(secret);

    const invitation = (await allEvents()).find(
      (e) =>
        e.action === 'invitation.create' &&
        (e.detail as { email?: string }).email === 'audited@example.com',
    );
    expect(invitation).toMatchObject({
      result: 'success',
      target: expect.stringMatching(/^invitation:/),
    });
    // And the chain over all of them holds.
    const verdict = await verifyAuditChain(db());
    expect(verdict).toEqual({ isValid: true, count: (await allEvents()).length });
    expect(verdict.count).toBeGreaterThan(12);
  });

  it('an unknown address is recorded as a failed sign-in too', async () => {
    const response = await call('203.0.113.9', 'POST', '/auth/login', {
      email: 'Nobody@Example.com',
      password: clientHash('x'),
    });
    expect(response.statusCode).toBe(400);
    const last = (await allEvents()).at(-1)!;
    expect(last).toMatchObject({
      action: 'auth.login.password',
      result: 'failure',
      actorEmail: 'nobody@example.com',
      actorUserId: null,
      ip: '203.0.113.9',
      detail: { reason: 'unknown-email' },
    });
  });
});

describe('all or nothing', () => {
  it('a registration failing halfway (invalid role) leaves no user, no session, no event, and the invitation unspent', async () => {
    const [hq] = await db().select().from(companies).where(eq(companies.code, 'HQ'));
    const token = crypto.randomBytes(32).toString('base64url');
    const [invitation] = await db()
      .insert(invitations)
      .values({
        tokenHash: sha256(token),
        email: 'halfway@example.com',
        companyId: hq!.id,
        roles: ['erk-user', 'bogus'],
        expiresAt: new Date(ctx.now().getTime() + 3600_000),
      })
      .returning();
    const before = (await allEvents()).length;

    const response = await api(
      ctx,
      'POST',
      '/auth/registration',
      {
        first_name: 'Half',
        last_name: 'Way',
        password: clientHash('Secret123!'),
        timeZone: 'UTC',
        telephone: '123',
      },
      { token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      msg: "Role 'bogus' is not valid for company HQ",
    });
    expect(response.headers.authid).toBeUndefined();

    expect(
      await db().select().from(users).where(eq(users.email, 'halfway@example.com')),
    ).toHaveLength(0);
    const [after] = await db().select().from(invitations).where(eq(invitations.id, invitation!.id));
    expect(after!.usedAt).toBeNull();
    expect(await allEvents()).toHaveLength(before);
    expect((await verifyAuditChain(db())).isValid).toBe(true);
  });

  it('a refused sign-in records its failure and opens no session', async () => {
    const user = await registerUser(ctx, { email: 'refused@example.com' });
    ok(await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token }));
    const login = ok(
      await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash }),
    );
    const verify_token = login.json().data.verify_token;
    ctx.smtp.clear();
    ok(await api(ctx, 'POST', '/auth/login/otp', { verify_token }));
    const code = extractCode(await ctx.smtp.waitForMail((m) => m.to.includes(user.email)));
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await api(ctx, 'POST', '/auth/login/verify', {
      verify_token,
      code: wrong,
      mode: 'email',
    });
    expect(response.statusCode).toBe(400);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(
      0,
    );
    const last = (await allEvents()).filter((e) => e.target === `user:${user.userId}`).at(-1)!;
    expect(last).toMatchObject({
      action: 'auth.login',
      result: 'failure',
      detail: { reason: 'wrong-code' },
    });
    expect((await verifyAuditChain(db())).isValid).toBe(true);
  });
});
