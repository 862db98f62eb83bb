import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  clientHash,
  createTestApp,
  registerUser,
  requestLoginCode,
  signInWithEmailCode,
  type TestContext,
  tokenOf,
} from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /auth/login', () => {
  it('answers a wrong password and an unknown address with the same 400', async () => {
    const user = await registerUser(ctx, { email: 'same400@example.com' });
    await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
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
    expect(wrong.json()).toEqual({ status: 400, msg: 'Email or password is incorrect' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 409 while another session lives, and lets force through', async () => {
    const user = await registerUser(ctx, { email: 'conflict@example.com' });
    const blocked = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().msg).toBe('Logging in multiple devices is not allowed');
    const forced = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
      force: true,
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data).toEqual({ methods: ['email'], mfa: null });
  });

  it('signs in with the e-mail code from the mail and opens a session', async () => {
    const user = await registerUser(ctx, { email: 'flow@example.com' });
    await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
    const token = await signInWithEmailCode(ctx, user);
    const profile = await api(ctx, 'GET', '/auth/profile', undefined, { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      email: 'flow@example.com',
      company_code: 'HQ',
      roles: ['HQ/erk-user'],
    });
    expect(String(profile.headers.authid)).toMatch(
      new RegExp(`^${token}; expiry=\\d{4}-\\d\\d-\\d\\dT`),
    );
  });
});

describe('POST /auth/login/otp', () => {
  it('refuses to mail a code without a recent correct password', async () => {
    await registerUser(ctx, { email: 'nopw@example.com' });
    const response = await api(ctx, 'POST', '/auth/login/otp', { email: 'nopw@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Invalid Email');
  });

  it('codes are single use and expire after 5 minutes', async () => {
    const user = await registerUser(ctx, { email: 'expiry@example.com' });
    await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
    await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash });
    const code = await requestLoginCode(ctx, user.email);
    ctx.advance(5 * 60_000 + 1000);
    const late = await api(ctx, 'POST', '/auth/login/verify', {
      email: user.email,
      password: user.hash,
      code,
      mode: 'email',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('The provided email, password, or OTP is invalid.');

    await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash });
    const fresh = await requestLoginCode(ctx, user.email);
    const body = { email: user.email, password: user.hash, code: fresh, mode: 'email' };
    const first = await api(ctx, 'POST', '/auth/login/verify', body);
    expect(first.statusCode).toBe(200);
    const again = await api(ctx, 'POST', '/auth/login/verify', { ...body, force: true });
    expect(again.statusCode).toBe(400);
    tokenOf(first);
  });

  it('a new code does not reset the count of wrong codes: the sixth try is refused', async () => {
    const user = await registerUser(ctx, { email: 'fivetries@example.com' });
    await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
    await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash });
    let code = await requestLoginCode(ctx, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) {
      const r = await api(ctx, 'POST', '/auth/login/verify', {
        email: user.email,
        password: user.hash,
        code: wrong,
        mode: 'email',
      });
      expect(r.statusCode).toBe(400);
    }
    code = await requestLoginCode(ctx, user.email);
    for (let i = 0; i < 2; i++) {
      const r = await api(ctx, 'POST', '/auth/login/verify', {
        email: user.email,
        password: user.hash,
        code: wrong,
        mode: 'email',
      });
      expect(r.statusCode).toBe(400);
    }
    const right = await api(ctx, 'POST', '/auth/login/verify', {
      email: user.email,
      password: user.hash,
      code,
      mode: 'email',
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});
