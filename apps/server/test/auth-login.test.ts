import * as argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginVerifications, sessions } from '../src/db/schema';
import {
  api,
  clientHash,
  createTestApp,
  passwordStep,
  registerUser,
  requestLoginCode,
  signInWithEmailCode,
  type TestContext,
  type TestUser,
  tokenOf,
} from './support/test-app';

// Every argon2id check of the server is counted: a sign-in must cost exactly one.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});

const INVALID = 'The provided email, password, or OTP is invalid.';

// Rate limits are off here (auth-limits.test.ts tests them); the account lock and the five wrong
// codes are not rate limits and stay on.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
});
afterAll(async () => {
  await ctx.close();
});

async function signedOut(email: string): Promise<TestUser> {
  const user = await registerUser(ctx, { email });
  await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
  return user;
}

const verify = (body: Record<string, unknown>) =>
  api(ctx, 'POST', '/auth/login/verify', { mode: 'email', ...body });

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /auth/login', () => {
  it('answers a wrong password and an unknown address with the same 400', async () => {
    const user = await signedOut('same400@example.com');
    const wrong = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: clientHash('nope'),
    });
    const unknown = await api(ctx, 'POST', '/auth/login', {
      email: 'nobody@example.com',
      password: clientHash('nope'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 400, msg: 'Email or password is incorrect' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 409 while another session lives, and lets force through with a token', async () => {
    const user = await registerUser(ctx, { email: 'conflict@example.com' });
    const blocked = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().msg).toBe('Logging in multiple devices is not allowed');
    expect(blocked.json().data).toBeUndefined();
    const forced = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
      force: true,
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data).toEqual({
      methods: ['email'],
      mfa: null,
      verify_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('signs in with the e-mail code from the mail and opens a session', async () => {
    const user = await signedOut('flow@example.com');
    const token = await signInWithEmailCode(ctx, user);
    const profile = await api(ctx, 'GET', '/auth/profile', undefined, { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      email: 'flow@example.com',
      company_code: 'HQ',
      roles: ['HQ/erk-user'],
      email_codes: true,
    });
    expect(String(profile.headers.authid)).toMatch(
      new RegExp(`^${token}; expiry=\\d{4}-\\d\\d-\\d\\dT`),
    );
  });

  it('costs one argon2id check for the whole sign-in, and keeps only the token hash', async () => {
    const user = await signedOut('one-argon@example.com');
    const checks = vi.mocked(argon2.verify);
    checks.mockClear();
    const verifyToken = await passwordStep(ctx, user);
    const code = await requestLoginCode(ctx, verifyToken, user.email);
    const done = await verify({ verify_token: verifyToken, code });
    expect(done.statusCode).toBe(200);
    expect(checks).toHaveBeenCalledTimes(1);
    const rows = await ctx.database.db
      .select()
      .from(loginVerifications)
      .where(eq(loginVerifications.userId, user.userId));
    expect(rows).toEqual([]); // spent by the sign-in
  });
});

describe('the verification token', () => {
  it('is stored as a hash bound to the user, never the password', async () => {
    const user = await signedOut('stored@example.com');
    const verifyToken = await passwordStep(ctx, user);
    const [row] = await ctx.database.db
      .select()
      .from(loginVerifications)
      .where(eq(loginVerifications.userId, user.userId));
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(verifyToken);
    expect(stored).not.toContain(user.hash);
    expect(row!.expiresAt.getTime() - row!.issuedAt.getTime()).toBe(5 * 60_000);
  });

  it('the code steps refuse the old body: e-mail and password instead of the token', async () => {
    const user = await signedOut('oldbody@example.com');
    await passwordStep(ctx, user);
    const send = await api(ctx, 'POST', '/auth/login/otp', { email: user.email });
    expect(send.statusCode).toBe(400);
    const old = await verify({ email: user.email, password: user.hash, code: '123456' });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('request.invalid');
  });

  it('is single use', async () => {
    const user = await signedOut('single@example.com');
    const verifyToken = await passwordStep(ctx, user);
    const code = await requestLoginCode(ctx, verifyToken, user.email);
    const first = await verify({ verify_token: verifyToken, code });
    expect(first.statusCode).toBe(200);
    const session = tokenOf(first);
    // The same token again, even with force and a fresh code, opens nothing.
    const again = await verify({ verify_token: verifyToken, code, force: true });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ msg: INVALID, code: 'auth.verification_expired' });
    const resend = await api(ctx, 'POST', '/auth/login/otp', { verify_token: verifyToken });
    expect(resend.statusCode).toBe(400);
    expect(resend.json().msg).toBe('Invalid Email');
    expect((await api(ctx, 'GET', '/auth/profile', undefined, { token: session })).statusCode).toBe(
      200,
    );
  });

  it('expires 5 minutes after the password step', async () => {
    const user = await signedOut('expires@example.com');
    const verifyToken = await passwordStep(ctx, user);
    const code = await requestLoginCode(ctx, verifyToken, user.email);
    ctx.advance(5 * 60_000 + 1000);
    const late = await verify({ verify_token: verifyToken, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ msg: INVALID, code: 'auth.verification_expired' });
    const send = await api(ctx, 'POST', '/auth/login/otp', { verify_token: verifyToken });
    expect(send.json().msg).toBe('Invalid Email');
  });

  it('a code sent gives it 5 minutes more, never past 15 minutes from the password step', async () => {
    const user = await signedOut('renewed@example.com');
    const verifyToken = await passwordStep(ctx, user);
    ctx.advance(4 * 60_000);
    await requestLoginCode(ctx, verifyToken, user.email);
    ctx.advance(4 * 60_000); // 8 minutes in: alive thanks to the code sent at 4
    await requestLoginCode(ctx, verifyToken, user.email);
    ctx.advance(4 * 60_000); // 12 minutes in
    const code = await requestLoginCode(ctx, verifyToken, user.email);
    ctx.advance(3 * 60_000 + 1000); // 15 minutes and a second: over, code or not
    const late = await verify({ verify_token: verifyToken, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('auth.verification_expired');

    const fresh = await passwordStep(ctx, user);
    const code2 = await requestLoginCode(ctx, fresh, user.email);
    ctx.advance(4 * 60_000);
    expect((await verify({ verify_token: fresh, code: code2 })).statusCode).toBe(200);
  });

  it("is bound to its user: another user's code does not open either account", async () => {
    const alice = await signedOut('alice-bound@example.com');
    const bob = await signedOut('bob-bound@example.com');
    const aliceToken = await passwordStep(ctx, alice);
    const bobToken = await passwordStep(ctx, bob);
    const bobCode = await requestLoginCode(ctx, bobToken, bob.email);
    const crossed = await verify({ verify_token: aliceToken, code: bobCode });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().msg).toBe(INVALID);
    const opened = await ctx.database.db.select().from(sessions);
    expect(opened.some((s) => s.userId === alice.userId || s.userId === bob.userId)).toBe(false);
    // Bob's own token still takes Bob's code: the crossed try spent nothing of his.
    const own = await verify({ verify_token: bobToken, code: bobCode });
    expect(own.statusCode).toBe(200);
    const profile = await api(ctx, 'GET', '/auth/profile', undefined, { token: tokenOf(own) });
    expect(profile.json().data.email).toBe(bob.email);
  });

  it('two password steps of one user give two tokens; at most five wait at once', async () => {
    const user = await signedOut('two-devices@example.com');
    const first = await passwordStep(ctx, user);
    const second = await passwordStep(ctx, user);
    expect(second).not.toBe(first);
    const code = await requestLoginCode(ctx, first, user.email);
    expect((await verify({ verify_token: first, code })).statusCode).toBe(200);
    // The other token is still pending: it meets the session just opened with a 409.
    const code2 = await requestLoginCode(ctx, second, user.email);
    expect((await verify({ verify_token: second, code: code2 })).statusCode).toBe(409);

    const tokens: string[] = [];
    for (let i = 0; i < 7; i++) tokens.push(await passwordStep(ctx, user, { force: true }));
    const rows = await ctx.database.db
      .select()
      .from(loginVerifications)
      .where(eq(loginVerifications.userId, user.userId));
    expect(rows).toHaveLength(5);
    // The oldest went first.
    const send = (t: string) => api(ctx, 'POST', '/auth/login/otp', { verify_token: t });
    expect((await send(tokens[1]!)).statusCode).toBe(400);
    expect((await send(tokens[6]!)).statusCode).toBe(200);
  });

  it('cannot be used after a password change', async () => {
    const user = await registerUser(ctx, { email: 'changed@example.com' });
    // The account owner is signed in; someone who knew the old password starts a sign-in.
    const pending = await passwordStep(ctx, user, { force: true });
    const code = await requestLoginCode(ctx, pending, user.email);
    const change = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { old_password: user.hash, new_password: clientHash('Brand-new-1') },
      { token: user.token },
    );
    expect(change.statusCode).toBe(200);
    const late = await verify({ verify_token: pending, code, force: true });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe(INVALID);
    expect(
      (await api(ctx, 'GET', '/auth/profile', undefined, { token: user.token })).statusCode,
    ).toBe(200);
  });

  it('cannot be used after a password reset', async () => {
    const user = await signedOut('resetpending@example.com');
    const pending = await passwordStep(ctx, user);
    const code = await requestLoginCode(ctx, pending, user.email);
    ctx.smtp.clear();
    await api(ctx, 'POST', '/auth/reset_password', { email: user.email });
    const mail = await ctx.smtp.waitForMail((m) => m.text.includes('reset-password?token='));
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const update = await api(
      ctx,
      'POST',
      '/auth/reset_password/update',
      { user_id: user.userId, password: clientHash('Reset-new-1') },
      { token: link },
    );
    expect(update.statusCode).toBe(200);
    const late = await verify({ verify_token: pending, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe(INVALID);
  });

  it('an unknown token is refused like an expired one', async () => {
    const response = await verify({ verify_token: 'x'.repeat(43), code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ msg: INVALID, code: 'auth.verification_expired' });
  });
});

describe('POST /auth/login/otp and wrong codes', () => {
  it('refuses to mail a code without a token from the password step', async () => {
    await registerUser(ctx, { email: 'nopw@example.com' });
    const response = await api(ctx, 'POST', '/auth/login/otp', { verify_token: 'y'.repeat(43) });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Invalid Email');
  });

  it('codes are single use and expire after 5 minutes', async () => {
    const user = await signedOut('expiry@example.com');
    const verifyToken = await passwordStep(ctx, user);
    const code = await requestLoginCode(ctx, verifyToken, user.email);
    ctx.advance(2 * 60_000);
    // A second code replaces the first: the first is refused, and counts as a wrong code.
    const fresh = await requestLoginCode(ctx, verifyToken, user.email);
    if (fresh !== code) {
      const stale = await verify({ verify_token: verifyToken, code });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().msg).toBe(INVALID);
    }
    const first = await verify({ verify_token: verifyToken, code: fresh });
    expect(first.statusCode).toBe(200);
    tokenOf(first);
  });

  it('a wrong code keeps the token; a new code does not reset the count: the sixth try is refused', async () => {
    const user = await signedOut('fivetries@example.com');
    const verifyToken = await passwordStep(ctx, user);
    let code = await requestLoginCode(ctx, verifyToken, user.email);
    for (let i = 0; i < 3; i++) {
      const r = await verify({ verify_token: verifyToken, code: otherCode(code) });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ msg: INVALID, code: 'auth.otp_invalid' });
    }
    code = await requestLoginCode(ctx, verifyToken, user.email);
    for (let i = 0; i < 2; i++) {
      const r = await verify({ verify_token: verifyToken, code: otherCode(code) });
      expect(r.statusCode).toBe(400);
    }
    const right = await verify({ verify_token: verifyToken, code });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('auth.too_many_codes');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a wrong code, then the right one, signs in with the same token', async () => {
    const user = await signedOut('retry@example.com');
    const verifyToken = await passwordStep(ctx, user);
    const code = await requestLoginCode(ctx, verifyToken, user.email);
    expect((await verify({ verify_token: verifyToken, code: otherCode(code) })).statusCode).toBe(
      400,
    );
    expect((await verify({ verify_token: verifyToken, code })).statusCode).toBe(200);
  });

  it('409 at the code step keeps the token, and force then signs the other device out', async () => {
    const user = await signedOut('late-conflict@example.com');
    const verifyToken = await passwordStep(ctx, user);
    // Another device completes a sign-in meanwhile.
    const other = await signInWithEmailCode(ctx, user, { force: true });
    const code = await requestLoginCode(ctx, verifyToken, user.email);
    const conflict = await verify({ verify_token: verifyToken, code });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('auth.multiple_devices_verify');
    const forced = await verify({ verify_token: verifyToken, code, force: true });
    expect(forced.statusCode).toBe(200);
    expect((await api(ctx, 'GET', '/auth/profile', undefined, { token: other })).statusCode).toBe(
      401,
    );
  });
});
