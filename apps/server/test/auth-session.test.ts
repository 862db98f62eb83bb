import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { lockAuditChain } from '../src/features/audit/audit-repo';
import { createInvitation } from '../src/features/invitations/invitation-service';
import { renderMail } from '../src/lib/mail/templates';
import { oathtoolTotp } from './support/oathtool';
import { holdInTransaction, waitersOn } from './support/pg-locks';
import {
  api,
  clientHash,
  createTestApp,
  ensureCompany,
  extractLink,
  passwordStep,
  registerUser,
  requestLoginCode,
  signInWithEmailCode,
  type TestContext,
  type TestUser,
  tokenOf,
} from './support/test-app';

const SESSION_ENDED = 'Please Login again.';
const HOUR = 3600_000;

let ctx: TestContext;
beforeAll(async () => {
  // Races register and sign in many times; the limits have their own file. The clock jumps by
  // the hour here: the idle limit (session-idle.test.ts) is set out of the way.
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1', IDLE_TIMEOUT_S: '86400' });
  await ensureCompany(ctx, 'HQ', 'Platform Headquarters', true);
});
afterAll(async () => {
  await ctx.close();
});

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const sessionRows = (userId: string) =>
  ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
const profile = (token: string) => api(ctx, 'GET', '/auth/profile', undefined, { token });
const isLive = async (token: string) => (await profile(token)).statusCode === 200;

/** `token; expiry=ISO` of an answer, parsed strictly. */
function authHeader(response: LightMyRequestResponse): { token: string; expiry: Date } {
  const header = String(response.headers.authid ?? '');
  const match = header.match(
    /^([A-Za-z0-9_-]{43}); expiry=(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)$/,
  );
  if (!match)
    throw new Error(`authid header '${header}' on ${response.statusCode} ${response.body}`);
  return { token: match[1]!, expiry: new Date(match[2]!) };
}

/** Turns on TOTP (e-mail codes kept) through the API; returns the secret and the recovery codes. */
async function enableTotp(token: string) {
  const start = await api(ctx, 'POST', '/auth/mfa', { mode: 'totp' }, { token });
  const secret = start.json().data.secret as string;
  const verify = await api(
    ctx,
    'POST',
    '/auth/mfa/verify',
    { mode: 'totp', code: oathtoolTotp(secret, ctx.now()), email_codes: true },
    { token },
  );
  expect(verify.statusCode).toBe(200);
  return { secret, recoveryCodes: verify.json().data.recovery_codes as string[] };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Both calls at once, one started `offsetMs` later (negative: the second one), so that the rounds
 * of a race sweep over the interleavings instead of repeating the same one.
 */
function race<A, B>(
  offsetMs: number,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  return Promise.all([
    pause(Math.max(0, offsetMs)).then(first),
    pause(Math.max(0, -offsetMs)).then(second),
  ]);
}
const offsetOf = (round: number, rounds: number) => (round - Math.floor(rounds / 2)) * 10;

const verifyBody = (
  verifyToken: string,
  code: string,
  mode: 'email' | 'totp' | 'recovery',
  force?: boolean,
) => ({
  verify_token: verifyToken,
  code,
  mode,
  ...(force === undefined ? {} : { force }),
});

/** Two devices pass the password step; each holds its own verification token. */
async function twoDevices(user: TestUser, options: { force?: boolean } = {}) {
  return [await passwordStep(ctx, user, options), await passwordStep(ctx, user, options)] as const;
}

describe('the authid header', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(ctx, { email: 'header@example.com' });
  });

  it('is on every answer while the session lives, errors included', async () => {
    const ok = await profile(user.token);
    expect(ok.statusCode).toBe(200);
    const { token, expiry } = authHeader(ok);
    expect(token).toBe(user.token);
    expect(ok.json().data.expires).toBe(expiry.toISOString());

    const badField = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { timezone: 'Nowhere/Zone' },
      { token: user.token },
    );
    expect(badField.statusCode).toBe(400);
    expect(authHeader(badField)).toEqual({ token: user.token, expiry });

    const unknownField = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { role: 'plf-owner' },
      { token: user.token },
    );
    expect(unknownField.statusCode).toBe(400);
    expect(authHeader(unknownField).token).toBe(user.token);

    const missing = await api(ctx, 'GET', '/no/such/thing', undefined, { token: user.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, msg: 'Not Found' });
    expect(authHeader(missing).token).toBe(user.token);

    const refused = await api(
      ctx,
      'POST',
      '/auth/login/otp',
      { email: 'nobody@example.com' },
      { token: user.token },
    );
    expect(refused.statusCode).toBe(400);
    expect(authHeader(refused).token).toBe(user.token);
  });

  it('is exposed to the SPA through CORS', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: { origin: 'http://console.test', authid: user.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://console.test');
    const exposed = String(response.headers['access-control-expose-headers'])
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(exposed).toContain('authid');
    expect(exposed).toContain('retry-after');

    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/profile',
      headers: {
        origin: 'http://console.test',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authid,content-type',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authid',
    );

    const foreign = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: { origin: 'http://evil.test', authid: user.token },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // The answer depends on Origin, so every answer says so to caches, with or without one.
    const sameOrigin = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/profile',
      headers: { authid: user.token },
    });
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    for (const answer of [response, foreign, sameOrigin, preflight]) {
      expect(String(answer.headers.vary).toLowerCase()).toContain('origin');
    }
  });

  it('is absent without a session, and a missing token answers 401 No AuthId', async () => {
    for (const [method, url] of [
      ['GET', '/auth/profile'],
      ['POST', '/auth/refresh'],
      ['POST', '/auth/logout'],
    ] as const) {
      const response = await api(ctx, method, url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, msg: 'No AuthId' });
      expect(response.headers.authid).toBeUndefined();
    }
    const unknown = await profile('q'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ status: 401, msg: SESSION_ENDED });
    expect(unknown.headers.authid).toBeUndefined();
  });
});

describe('session lifetime', () => {
  it('POST /auth/refresh moves the expiry to a full TTL from now', async () => {
    const user = await registerUser(ctx, { email: 'refresh@example.com' });
    const first = authHeader(await profile(user.token));
    ctx.advance(30 * 60_000);
    const refreshed = await api(ctx, 'POST', '/auth/refresh', undefined, { token: user.token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ status: 200, msg: 'OK' });
    const { token, expiry } = authHeader(refreshed);
    expect(token).toBe(user.token);
    expect(Math.abs(expiry.getTime() - (ctx.now().getTime() + HOUR))).toBeLessThan(5000);
    expect(expiry.getTime() - first.expiry.getTime()).toBeGreaterThan(29 * 60_000);
    const after = await profile(user.token);
    expect(after.json().data.expires).toBe(expiry.toISOString());
    const [row] = await sessionRows(user.userId);
    expect(row!.expiresAt.toISOString()).toBe(expiry.toISOString());

    // 59 minutes after the refresh the session still lives: the TTL counts from the refresh.
    ctx.advance(59 * 60_000);
    expect(await isLive(user.token)).toBe(true);
  });

  it('ends after SESSION_TTL without a refresh', async () => {
    const user = await registerUser(ctx, { email: 'ttl@example.com' });
    ctx.advance(59 * 60_000);
    expect(await isLive(user.token)).toBe(true);
    ctx.advance(2 * 60_000);
    const late = await profile(user.token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ status: 401, msg: SESSION_ENDED });
    expect(late.headers.authid).toBeUndefined();
    const refresh = await api(ctx, 'POST', '/auth/refresh', undefined, { token: user.token });
    expect(refresh.statusCode).toBe(401);
    // An expired session is no obstacle to signing in without force.
    const login = await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash });
    expect(login.statusCode).toBe(200);
  });

  it('logout ends it', async () => {
    const user = await registerUser(ctx, { email: 'logout@example.com' });
    const response = await api(
      ctx,
      'POST',
      '/auth/logout',
      { email: user.email },
      { token: user.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, msg: 'Logged out' });
    expect(response.headers.authid).toBeUndefined();
    expect(await sessionRows(user.userId)).toHaveLength(0);
    const after = await profile(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe(SESSION_ENDED);
    // Signing in again needs no force.
    const login = await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash });
    expect(login.statusCode).toBe(200);
  });
});

describe('GET and PATCH /auth/profile', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(ctx, {
      email: 'profile@example.com',
      roles: ['plf-admin', 'erk-user'],
    });
  });

  it('returns every field of the current user with its type', async () => {
    const response = await profile(user.token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(
      [
        'user_id',
        'email',
        'first_name',
        'last_name',
        'telephone',
        'timezone',
        'address',
        'company',
        'company_code',
        'company_id',
        'avatar',
        'language',
        'always_report_later',
        'roles',
        'expires',
        'counter_reset',
        'mfa',
        'email_codes',
        'is_valid_origin',
        'first_session',
      ].sort(),
    );
    expect(data).toEqual({
      user_id: user.userId,
      email: 'profile@example.com',
      first_name: 'Test',
      last_name: 'User',
      telephone: '+49 30 1234567',
      timezone: 'Europe/Berlin',
      address: 'Street 1',
      company: 'Platform Headquarters',
      company_code: 'HQ',
      company_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      avatar: '',
      language: 'en',
      always_report_later: false,
      roles: ['HQ/erk-user', 'HQ/plf-admin'],
      expires: authHeader(response).expiry.toISOString(),
      counter_reset: 1,
      mfa: null,
      email_codes: true,
      is_valid_origin: true,
      // The token is the one the sign-up opened.
      first_session: true,
    });
  });

  it('PATCH updates the fields it is given', async () => {
    const patch = {
      first_name: 'Grace',
      last_name: 'Hopper',
      telephone: '+1 555 0100',
      timezone: 'America/New_York',
      address: '1 Navy Yard',
      avatar: 'https://example.com/a.png',
      language: 'ja',
      always_report_later: true,
      counter_reset: 0,
    };
    const response = await api(ctx, 'PATCH', '/auth/profile', patch, { token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject(patch);
    expect((await profile(user.token)).json().data).toMatchObject(patch);

    const partial = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { first_name: 'G.' },
      { token: user.token },
    );
    expect(partial.statusCode).toBe(200);
    expect(partial.json().data).toMatchObject({ ...patch, first_name: 'G.' });
  });

  it('PATCH refuses bad fields with 400 and changes nothing', async () => {
    for (const [body, fragment] of [
      [{ timezone: 'Nowhere/Zone' }, 'Time zone is not valid'],
      [{ telephone: '1'.repeat(18) }, 'Maximum 17 symbols'],
      [{ first_name: '' }, 'First name is required'],
      [{ counter_reset: 2 }, 'counter_reset'],
      [{ email: 'new@example.com' }, 'email'],
    ] as const) {
      const response = await api(ctx, 'PATCH', '/auth/profile', body, { token: user.token });
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe(400);
      expect(response.json().msg).toContain(fragment);
    }
    expect((await profile(user.token)).json().data).toMatchObject({
      first_name: 'G.',
      email: 'profile@example.com',
      counter_reset: 0,
    });
  });

  it('a password change needs the right old password', async () => {
    const newHash = clientHash('Brand-new-9');
    const wrong = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { first_name: 'Mallory', old_password: clientHash('not it'), new_password: newHash },
      { token: user.token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 400, msg: 'The old password is incorrect' });
    expect((await profile(user.token)).json().data.first_name).toBe('G.');

    const half = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { new_password: newHash },
      { token: user.token },
    );
    expect(half.statusCode).toBe(400);

    ctx.smtp.clear();
    const right = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { old_password: user.hash, new_password: newHash },
      { token: user.token },
    );
    expect(right.statusCode).toBe(200);
    // The user now reads Japanese: the notice comes in Japanese.
    const subject = renderMail('password-changed', 'ja', {
      time: new Date().toISOString(),
    }).subject;
    const mail = await ctx.smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.subject === subject,
    );
    expect(mail.to).toEqual([user.email]);

    const old = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
      force: true,
    });
    expect(old.statusCode).toBe(400);
    const token = await signInWithEmailCode(
      ctx,
      { email: user.email, hash: newHash },
      { force: true },
    );
    expect(await isLive(token)).toBe(true);
    expect(await isLive(user.token)).toBe(false);
  });
});

describe('one live session per user, under races', () => {
  const ROUNDS = 4;

  it('(a) two devices forcing in parallel: one session row, exactly one token works', async () => {
    const user = await registerUser(ctx, { email: 'race-force@example.com' });
    const { recoveryCodes } = await enableTotp(user.token);
    let previous = user.token;
    for (let round = 0; round < ROUNDS; round++) {
      // Both devices pass the password step; device A then gets an e-mail code, B uses a recovery code.
      const [tokenA, tokenB] = await twoDevices(user, { force: true });
      const emailCode = await requestLoginCode(ctx, tokenA, user.email);
      const [a, b] = await race(
        offsetOf(round, ROUNDS),
        () => api(ctx, 'POST', '/auth/login/verify', verifyBody(tokenA, emailCode, 'email', true)),
        () =>
          api(
            ctx,
            'POST',
            '/auth/login/verify',
            verifyBody(tokenB, recoveryCodes[round]!, 'recovery', true),
          ),
      );
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const tokens = [tokenOf(a), tokenOf(b)];
      const rows = await sessionRows(user.userId);
      expect(rows).toHaveLength(1);
      const live = await Promise.all(tokens.map(isLive));
      expect(live.filter(Boolean)).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256(tokens[live.indexOf(true)]!));
      expect(await isLive(previous)).toBe(false);
      previous = tokens[live.indexOf(true)]!;
    }
  });

  it('(b) two devices without force in parallel: one 200, one 409', async () => {
    const user = await registerUser(ctx, { email: 'race-noforce@example.com' });
    const { recoveryCodes } = await enableTotp(user.token);
    await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
    for (let round = 0; round < ROUNDS; round++) {
      const [tokenA, tokenB] = await twoDevices(user);
      const emailCode = await requestLoginCode(ctx, tokenA, user.email);
      const answers = await race(
        offsetOf(round, ROUNDS),
        () => api(ctx, 'POST', '/auth/login/verify', verifyBody(tokenA, emailCode, 'email')),
        () =>
          api(
            ctx,
            'POST',
            '/auth/login/verify',
            verifyBody(tokenB, recoveryCodes[round]!, 'recovery'),
          ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!;
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toMatchObject({
        status: 409,
        msg: 'Logging in multiple devices is not allowed, fill in the new verification code to logout other device',
      });
      expect(loser.headers.authid).toBeUndefined();
      const rows = await sessionRows(user.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256(tokenOf(winner)));
      expect(await isLive(tokenOf(winner))).toBe(true);
      const out = await api(ctx, 'POST', '/auth/logout', undefined, { token: tokenOf(winner) });
      expect(out.statusCode).toBe(200);
    }
  });

  it('(c) registration with one invitation raced twice: one user, one session', async () => {
    const nullMailer = { send: async () => {}, close: async () => {} };
    for (let round = 0; round < ROUNDS; round++) {
      const email = `race-register-${round}@example.com`;
      const { token } = await createInvitation(
        {
          db: ctx.database.db,
          mailer: nullMailer,
          clock: ctx.now,
          publicUrl: ctx.config.publicUrl,
        },
        { email, companyCode: 'HQ', roles: ['erk-user'] },
      );
      const body = (name: string) => ({
        first_name: name,
        last_name: 'Racer',
        password: clientHash(`Secret-${name}-1`),
        timeZone: 'UTC',
        telephone: '123',
      });
      const answers = await race(
        offsetOf(round, ROUNDS),
        () => api(ctx, 'POST', '/auth/registration', body('One'), { token }),
        () => api(ctx, 'POST', '/auth/registration', body('Two'), { token }),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const loser = answers.find((r) => r.statusCode === 400)!;
      // The loser either waited on the winner's lock (the invitation is spent: the link's
      // message) or started after the winner committed (the address is taken: that message).
      expect(loser.json().status).toBe(400);
      expect([
        'The link may have expired or not been typed correctly.',
        'This Email has been Registered, please login instead.',
      ]).toContain(loser.json().msg);
      expect(loser.headers.authid).toBeUndefined();
      const winner = answers.find((r) => r.statusCode === 200)!;
      const created = await ctx.database.db.select().from(users).where(eq(users.email, email));
      expect(created).toHaveLength(1);
      expect(created[0]!.id).toBe(winner.json().data.user_id);
      const rows = await sessionRows(created[0]!.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256(tokenOf(winner)));
      expect((await profile(tokenOf(winner))).json().data.first_name).toBe(
        answers[0]!.statusCode === 200 ? 'One' : 'Two',
      );
    }
  });

  it('(d) a reset raced with a sign-in by the old password leaves no session alive', async () => {
    const user = await registerUser(ctx, { email: 'race-reset@example.com' });
    let password = user.password;
    const rounds = 16;
    for (let round = 0; round < rounds; round++) {
      const current = { ...user, password, hash: clientHash(password) };
      ctx.smtp.clear();
      await api(ctx, 'POST', '/auth/reset_password', { email: user.email });
      const mail = await ctx.smtp.waitForMail(
        (m) => m.to.includes(user.email) && m.text.includes('reset-password'),
      );
      const resetToken = new URL(extractLink(mail, '/auth/reset-password?token=')).searchParams.get(
        'token',
      )!;

      const verifyToken = await passwordStep(ctx, current, { force: true });
      const code = await requestLoginCode(ctx, verifyToken, user.email);
      const next = `Reset-${round}-Pw`;
      const [signIn, reset] = await race(
        // The sign-in from 10 ms ahead to 50 ms behind the reset (which hashes the new password
        // with argon2, some 40 ms, before it commits).
        round * 4 - 10,
        () => api(ctx, 'POST', '/auth/login/verify', verifyBody(verifyToken, code, 'email', true)),
        () =>
          api(
            ctx,
            'POST',
            '/auth/reset_password/update',
            { user_id: user.userId, password: clientHash(next) },
            { token: resetToken },
          ),
      );
      expect(reset.statusCode).toBe(200);
      expect([200, 400]).toContain(signIn.statusCode);
      // Whichever came first, the reset ends every session, including one opened meanwhile
      // with the old password.
      expect(await sessionRows(user.userId)).toHaveLength(0);
      // A sign-in that won still answers 200, but its session is gone: a token it carries is dead.
      if (signIn.headers.authid) expect(await isLive(tokenOf(signIn))).toBe(false);
      password = next;
    }
    // The new password works, and only one session comes of it.
    const token = await signInWithEmailCode(ctx, { email: user.email, hash: clientHash(password) });
    expect(await isLive(token)).toBe(true);
    expect(await sessionRows(user.userId)).toHaveLength(1);
  });

  it('(e) refresh with the token of a replaced session: 401, the new session untouched', async () => {
    const user = await registerUser(ctx, { email: 'race-refresh@example.com' });
    // In sequence first.
    const replacement = await signInWithEmailCode(ctx, user, { force: true });
    const [before] = await sessionRows(user.userId);
    const stale = await api(ctx, 'POST', '/auth/refresh', undefined, { token: user.token });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ status: 401, msg: SESSION_ENDED });
    expect(stale.headers.authid).toBeUndefined();
    const [after] = await sessionRows(user.userId);
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
    expect(await isLive(replacement)).toBe(true);

    // Then raced: a refresh of the old session against the forced sign-in that replaces it.
    let old = replacement;
    for (let round = 0; round < ROUNDS; round++) {
      ctx.advance(60_000);
      const verifyToken = await passwordStep(ctx, user, { force: true });
      const code = await requestLoginCode(ctx, verifyToken, user.email);
      const [refresh, signIn] = await race(
        round * 20, // the refresh later and later, across the sign-in's commit
        () => api(ctx, 'POST', '/auth/refresh', undefined, { token: old }),
        () => api(ctx, 'POST', '/auth/login/verify', verifyBody(verifyToken, code, 'email', true)),
      );
      expect(signIn.statusCode).toBe(200);
      expect([200, 401]).toContain(refresh.statusCode);
      if (refresh.statusCode === 401) {
        expect(refresh.json()).toMatchObject({ status: 401, msg: SESSION_ENDED });
        expect(refresh.headers.authid).toBeUndefined();
      }
      const fresh = authHeader(signIn);
      const rows = await sessionRows(user.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256(fresh.token));
      expect(rows[0]!.expiresAt.toISOString()).toBe(fresh.expiry.toISOString());
      expect(await isLive(old)).toBe(false);
      expect(await isLive(fresh.token)).toBe(true);
      old = fresh.token;
    }
  });

  // The worst interleavings, forced: one request is held inside its transaction (at its audit record,
  // behind a lock this test holds) while the other runs into it. That needs a second connection, so
  // these two run on PostgreSQL only; the sweeping rounds above cover PGlite.
  // Defined everywhere, run on PostgreSQL only: on PGlite they are listed as skipped.
  const onPostgresIt = it.runIf(!!process.env.TEST_DATABASE_URL);

  /** Holds the audit chain lock in a transaction of its own until `release()`. */
  const holdAuditChain = () => holdInTransaction(ctx.database.db, lockAuditChain);
  /** Resolves once some backend waits for a lock of this type. */
  const someoneWaitsOn = (locktype: 'advisory' | 'transactionid') =>
    waitersOn(ctx.database.db, locktype);

  // Only a server has a second connection to hold a lock with; on PGlite these are skipped.
  onPostgresIt(
    '(d) a sign-in whose password was checked before a reset committed opens no session',
    async () => {
      const user = await registerUser(ctx, { email: 'race-reset-pinned@example.com' });
      ctx.smtp.clear();
      await api(ctx, 'POST', '/auth/reset_password', { email: user.email });
      const mail = await ctx.smtp.waitForMail((m) => m.to.includes(user.email));
      const resetToken = new URL(extractLink(mail, '/auth/reset-password?token=')).searchParams.get(
        'token',
      )!;
      const verifyToken = await passwordStep(ctx, user, { force: true });
      const code = await requestLoginCode(ctx, verifyToken, user.email);

      const chain = await holdAuditChain();
      try {
        // The reset has changed the password and ended the sessions, and waits to write its record.
        const reset = api(
          ctx,
          'POST',
          '/auth/reset_password/update',
          { user_id: user.userId, password: clientHash('Pinned-new-1') },
          { token: resetToken },
        );
        await someoneWaitsOn('advisory');
        // The sign-in finds its verification (still committed), then waits for the user row.
        const signIn = api(
          ctx,
          'POST',
          '/auth/login/verify',
          verifyBody(verifyToken, code, 'email', true),
        );
        await someoneWaitsOn('transactionid');
        chain.release();
        const [resetDone, signedIn] = await Promise.all([reset, signIn]);
        expect(resetDone.statusCode).toBe(200);
        expect(signedIn.statusCode).toBe(400);
        expect(signedIn.json()).toMatchObject({
          status: 400,
          msg: 'The provided email, password, or OTP is invalid.',
        });
        expect(signedIn.headers.authid).toBeUndefined();
        expect(await sessionRows(user.userId)).toHaveLength(0);
      } finally {
        chain.release();
        await chain.done;
      }
    },
  );

  onPostgresIt(
    '(e) a refresh caught mid-flight by the replacing sign-in answers 401 without a header',
    async () => {
      const user = await registerUser(ctx, { email: 'race-refresh-pinned@example.com' });
      const verifyToken = await passwordStep(ctx, user, { force: true });
      const code = await requestLoginCode(ctx, verifyToken, user.email);

      const chain = await holdAuditChain();
      try {
        // The sign-in has replaced the session row and waits to write its record.
        const signIn = api(
          ctx,
          'POST',
          '/auth/login/verify',
          verifyBody(verifyToken, code, 'email', true),
        );
        await someoneWaitsOn('advisory');
        // The refresh resolves the old (still committed) session, then waits for its row.
        const refresh = api(ctx, 'POST', '/auth/refresh', undefined, { token: user.token });
        await someoneWaitsOn('transactionid');
        chain.release();
        const [refreshed, signedIn] = await Promise.all([refresh, signIn]);
        expect(signedIn.statusCode).toBe(200);
        expect(refreshed.statusCode).toBe(401);
        expect(refreshed.json()).toMatchObject({ status: 401, msg: SESSION_ENDED });
        expect(refreshed.headers.authid).toBeUndefined();
        const fresh = authHeader(signedIn);
        const [row] = await sessionRows(user.userId);
        expect(row!.expiresAt.toISOString()).toBe(fresh.expiry.toISOString());
        expect(await isLive(user.token)).toBe(false);
        expect(await isLive(fresh.token)).toBe(true);
      } finally {
        chain.release();
        await chain.done;
      }
    },
  );
});
