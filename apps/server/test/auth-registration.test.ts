import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../src/db/schema';
import {
  api,
  clientHash,
  createTestApp,
  ensureCompany,
  extractLink,
  signInWithEmailCode,
  type TestContext,
  tokenOf,
} from './support/test-app';

const INVALID_LINK = 'The link may have expired or not been typed correctly.';
const ADMIN_TOKEN = 'a'.repeat(43);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' }, { adminToken: ADMIN_TOKEN });
  await ensureCompany(ctx, 'HQ', 'Platform Headquarters', true);
  await ensureCompany(ctx, 'ACME', 'Acme Payments');
});
afterAll(async () => {
  await ctx.close();
});

/** Invites through the local admin endpoint and returns the token of the mailed link. */
async function invite(email: string, company: string, role: string): Promise<string> {
  ctx.smtp.clear();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/internal/admin/run',
    headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
    payload: JSON.stringify({
      argv: ['invite', '--email', email, '--company', company, '--role', role],
    }),
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().data.ok).toBe(true);
  const mail = await ctx.smtp.waitForMail((m) => m.to.includes(email.toLowerCase()));
  const link = extractLink(mail, '/auth/register?api_token=');
  expect(link.startsWith('http://console.test/auth/register?api_token=')).toBe(true);
  return new URL(link).searchParams.get('api_token')!;
}

const payload = (overrides: Record<string, unknown> = {}) => ({
  email: 'ignored@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  password: clientHash('Secret123!'),
  lang: 'fr',
  timeZone: 'Asia/Taipei',
  telephone: '+886 2 1234 5678',
  address: 'No. 1, Road',
  ip: '198.51.100.4',
  ...overrides,
});

const verify = (token?: string) =>
  api(ctx, 'POST', '/auth/registration/verify', undefined, token ? { token } : {});
const register = (token: string | undefined, body: unknown) =>
  api(ctx, 'POST', '/auth/registration', body, token ? { token } : {});

describe('invitation link', () => {
  it('verify returns the invited address and the company name', async () => {
    const token = await invite('New.Person@Example.com', 'ACME', 'com-admin,erk-user');
    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 200,
      msg: 'OK',
      data: { email: 'new.person@example.com', company: 'Acme Payments' },
    });
  });

  it('a bad token answers 400; none at all is refused at the door with 401', async () => {
    for (const response of [
      await verify('z'.repeat(43)),
      await register('z'.repeat(43), payload()),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
    }
    const none = await verify();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 401, msg: 'No AuthId' });
  });
});

describe('POST /auth/registration', () => {
  it('creates the account with the invited roles and opens its session', async () => {
    const token = await invite('ada@example.com', 'ACME', 'com-admin,ACME/erk-user');
    const started = ctx.now().getTime();
    const response = await register(token, payload());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 200,
      msg: 'Welcome',
      data: { user_id: expect.any(String) },
    });

    const header = String(response.headers.authid);
    const match = header.match(
      /^([A-Za-z0-9_-]{43}); expiry=(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)$/,
    );
    expect(match).not.toBeNull();
    const expiry = new Date(match![2]!).getTime();
    expect(expiry - started).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(expiry - started).toBeLessThanOrEqual(3600_000 + 5000);

    const profile = await api(ctx, 'GET', '/auth/profile', undefined, { token: tokenOf(response) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      user_id: response.json().data.user_id,
      // The address is the invitation's, never the body's.
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      telephone: '+886 2 1234 5678',
      timezone: 'Asia/Taipei',
      address: 'No. 1, Road',
      language: 'fr',
      company: 'Acme Payments',
      company_code: 'ACME',
      roles: ['ACME/com-admin', 'ACME/erk-user'],
      mfa: null,
      // The session the sign-up opened: the dashboard says "Welcome".
      first_session: true,
    });

    // The password chosen signs in (the session from registration must be forced out).
    const login = await api(ctx, 'POST', '/auth/login', {
      email: 'ada@example.com',
      password: clientHash('Secret123!'),
    });
    expect(login.statusCode).toBe(409);

    // A sign-in opens a later session: from then on "Welcome back".
    const again = await signInWithEmailCode(
      ctx,
      { email: 'ada@example.com', hash: clientHash('Secret123!') },
      { force: true },
    );
    const later = await api(ctx, 'GET', '/auth/profile', undefined, { token: again });
    expect(later.json().data.first_session).toBe(false);
  });

  it('the link is single use', async () => {
    const token = await invite('once@example.com', 'HQ', 'plf-admin');
    expect((await register(token, payload())).statusCode).toBe(200);
    const again = await register(token, payload({ first_name: 'Eve' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
    const lookup = await verify(token);
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
  });

  it('the link expires after 7 days', async () => {
    const token = await invite('late@example.com', 'ACME', 'cap-user');
    ctx.advance(7 * 24 * 3600_000 - 60_000);
    expect((await verify(token)).statusCode).toBe(200);
    ctx.advance(2 * 60_000);
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
    const response = await register(token, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
  });

  it('an address registered meanwhile answers 400 with the product message', async () => {
    const first = await invite('twice@example.com', 'ACME', 'erk-user');
    // A second open invitation cannot be made any more (409); data from before that rule can hold
    // one: withdraw the first, register through a second, then reopen the first.
    const opened = (
      await ctx.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.email, 'twice@example.com'))
    )[0]!;
    await ctx.database.db
      .update(invitations)
      .set({ withdrawnAt: new Date() })
      .where(eq(invitations.id, opened.id));
    const second = await invite('twice@example.com', 'ACME', 'cap-user');
    expect((await register(second, payload())).statusCode).toBe(200);
    await ctx.database.db
      .update(invitations)
      .set({ withdrawnAt: null })
      .where(eq(invitations.id, opened.id));
    const response = await register(first, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      msg: 'This Email has been Registered, please login instead.',
    });
  });
});

describe('registration payload validation', () => {
  let token: string;
  beforeAll(async () => {
    token = await invite('validate@example.com', 'ACME', 'erk-user');
  });

  const expect400 = async (body: unknown, ...fragments: string[]) => {
    const response = await register(token, body);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(Object.keys(json).sort()).toEqual(['code', 'msg', 'params', 'status']);
    expect(json.code).toBe('request.invalid');
    expect(json.status).toBe(400);
    for (const fragment of fragments) expect(json.msg).toContain(fragment);
    expect(response.headers.authid).toBeUndefined();
  };

  it('first_name is required', async () => {
    const { first_name: _omit, ...body } = payload();
    await expect400(body, 'first_name', 'First name is required');
    await expect400(payload({ first_name: '   ' }), 'First name is required');
  });

  it('last_name is required and both names are at most 50 characters', async () => {
    const { last_name: _omit, ...body } = payload();
    await expect400(body, 'last_name', 'Last name is required');
    await expect400(payload({ first_name: 'x'.repeat(51) }), 'first_name', 'Maximum 50 symbols');
  });

  it('timeZone must be a known zone', async () => {
    await expect400(
      payload({ timeZone: 'Mars/Olympus_Mons' }),
      'timeZone',
      'Time zone is not valid',
    );
    const { timeZone: _omit, ...body } = payload();
    await expect400(body, 'timeZone', 'Time zone is required');
  });

  it('telephone is required and at most 17 characters', async () => {
    await expect400(payload({ telephone: '1'.repeat(18) }), 'telephone', 'Maximum 17 symbols');
    await expect400(payload({ telephone: '' }), 'telephone', 'Telephone is required');
  });

  it('the password must be the client hash, and address at most 255', async () => {
    await expect400(payload({ password: 'Secret123!' }), 'password');
    await expect400(payload({ address: 'x'.repeat(256) }), 'address', 'Maximum 255 symbols');
  });

  it('an unknown extra field is refused', async () => {
    await expect400(payload({ is_admin: true }), 'is_admin');
  });

  it('refused payloads do not spend the invitation', async () => {
    expect((await verify(token)).statusCode).toBe(200);
    expect((await register(token, payload())).statusCode).toBe(200);
  });
});
