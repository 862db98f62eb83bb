import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  clientHash,
  createTestApp,
  extractLink,
  registerUser,
  signInWithEmailCode,
  type TestContext,
  type TestUser,
} from './support/test-app';

// Rate limits are ON here. Every test sends from its own address (app.inject's remoteAddress) so
// that the per-address limits of one test do not leak into another. registerUser sends from
// 127.0.0.1, whose registration limit is 10 an hour: this file registers at most that many.

const LOCKED = 'Too many failed sign-ins: this account is locked for 15 minutes';
const TOO_MANY = 'Too many requests, please try again later';
const MIN = 60_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

function from(
  ip: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: ip,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A 429 as the SPA expects it: exactly `{status, msg}` and a Retry-After in seconds. */
function expect429(response: LightMyRequestResponse, msg: string, maxRetryAfterS: number): number {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ status: 429, msg });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfterS);
  return retryAfter;
}

async function signedOut(email: string): Promise<TestUser> {
  const user = await registerUser(ctx, { email });
  await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
  return user;
}

describe('account lock after wrong passwords', () => {
  it('the 10th wrong password in a row locks the account for 15 minutes', async () => {
    const ip = '192.0.2.10';
    const user = await signedOut('locked@example.com');
    // A sign-in that got as far as its code step before the lock.
    const pending = await from(ip, 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
    });
    const verifyToken = pending.json().data.verify_token as string;
    const wrong = { email: user.email, password: clientHash('guess') };
    for (let i = 0; i < 10; i++) {
      const response = await from(ip, 'POST', '/auth/login', wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, msg: 'Email or password is incorrect' });
    }
    const right = { email: user.email, password: user.hash };
    const retryAfter = expect429(await from(ip, 'POST', '/auth/login', right), LOCKED, 15 * 60);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    // From another address, and on the code-entry path, the account is locked all the same.
    expect429(await from('192.0.2.11', 'POST', '/auth/login', right), LOCKED, 15 * 60);
    expect429(
      await from('192.0.2.11', 'POST', '/auth/login/verify', {
        verify_token: verifyToken,
        code: '123456',
        mode: 'email',
      }),
      LOCKED,
      15 * 60,
    );

    ctx.advance(14 * MIN);
    expect429(await from(ip, 'POST', '/auth/login', right), LOCKED, 60);
    ctx.advance(MIN + 1000);
    const after = await from(ip, 'POST', '/auth/login', right);
    expect(after.statusCode).toBe(200);
    const token = await signInWithEmailCode(ctx, user);
    expect((await api(ctx, 'GET', '/auth/profile', undefined, { token })).statusCode).toBe(200);
  });

  it('a correct password in between starts the count again', async () => {
    const ip = '192.0.2.20';
    const user = await signedOut('notlocked@example.com');
    const wrong = { email: user.email, password: clientHash('guess') };
    for (let i = 0; i < 9; i++)
      expect((await from(ip, 'POST', '/auth/login', wrong)).statusCode).toBe(400);
    expect(
      (await from(ip, 'POST', '/auth/login', { email: user.email, password: user.hash }))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await from(ip, 'POST', '/auth/login', wrong)).statusCode).toBe(400);
    expect(
      (await from(ip, 'POST', '/auth/login', { email: user.email, password: user.hash }))
        .statusCode,
    ).toBe(200);
  });

  it('a password reset lifts the lock', async () => {
    const ip = '192.0.2.30';
    const user = await signedOut('unlock@example.com');
    for (let i = 0; i < 10; i++) {
      await from(ip, 'POST', '/auth/login', { email: user.email, password: clientHash('guess') });
    }
    expect429(
      await from(ip, 'POST', '/auth/login', { email: user.email, password: user.hash }),
      LOCKED,
      15 * 60,
    );

    ctx.smtp.clear();
    expect((await from(ip, 'POST', '/auth/reset_password', { email: user.email })).statusCode).toBe(
      200,
    );
    const mail = await ctx.smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.text.includes('reset-password'),
    );
    const token = new URL(extractLink(mail, '/auth/reset-password?token=')).searchParams.get(
      'token',
    )!;
    const update = await api(
      ctx,
      'POST',
      '/auth/reset_password/update',
      { user_id: user.userId, password: clientHash('After-reset-1') },
      { token },
    );
    expect(update.statusCode).toBe(200);
    const login = await from(ip, 'POST', '/auth/login', {
      email: user.email,
      password: clientHash('After-reset-1'),
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('per-address and per-account limits', () => {
  it('/auth/login: 30 per 15 minutes from one address, whichever accounts', async () => {
    const ip = '198.51.100.77';
    const accounts = [
      await registerUser(ctx, { email: 'spread-1@example.com' }),
      await registerUser(ctx, { email: 'spread-2@example.com' }),
      await registerUser(ctx, { email: 'spread-3@example.com' }),
    ];
    for (let i = 0; i < 30; i++) {
      const user = accounts[i % accounts.length]!;
      const response = await from(ip, 'POST', '/auth/login', {
        email: user.email,
        password: user.hash,
      });
      // Each has a live session from registration: the password is right, the answer is the conflict.
      expect(response.statusCode).toBe(409);
    }
    const user = accounts[0]!;
    const blocked = await from(ip, 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
    });
    expect429(blocked, TOO_MANY, 15 * 60);
    // Not the account's limit: the same account from another address is served.
    const elsewhere = await from('198.51.100.78', 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
    });
    expect(elsewhere.statusCode).toBe(409);
    // The window is 15 minutes on the server's clock: after it the address is served again.
    ctx.advance(15 * MIN + 1000);
    const later = await from(ip, 'POST', '/auth/login', { email: user.email, password: user.hash });
    expect(later.statusCode).toBe(409);
  });

  it('/auth/login/otp: 5 codes per account in 15 minutes, from any address', async () => {
    const user = await signedOut('codes@example.com');
    const login = await from('192.0.2.40', 'POST', '/auth/login', {
      email: user.email,
      password: user.hash,
    });
    expect(login.statusCode).toBe(200);
    const verify_token = login.json().data.verify_token as string;
    for (let i = 0; i < 5; i++) {
      const response = await from(`192.0.2.${41 + i}`, 'POST', '/auth/login/otp', {
        verify_token,
      });
      expect(response.statusCode).toBe(200);
    }
    expect429(
      await from('192.0.2.49', 'POST', '/auth/login/otp', { verify_token }),
      TOO_MANY,
      15 * 60,
    );
  });

  it('/auth/login/otp and /verify: 20 and 30 from one address, even with unknown tokens', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await from('192.0.2.70', 'POST', '/auth/login/otp', { verify_token: `t${i}` });
      expect(r.statusCode).toBe(400);
    }
    expect429(
      await from('192.0.2.70', 'POST', '/auth/login/otp', { verify_token: 'tx' }),
      TOO_MANY,
      15 * 60,
    );
    for (let i = 0; i < 30; i++) {
      const r = await from('192.0.2.71', 'POST', '/auth/login/verify', {
        verify_token: `t${i}`,
        code: '123456',
        mode: 'email',
      });
      expect(r.statusCode).toBe(400);
    }
    expect429(
      await from('192.0.2.71', 'POST', '/auth/login/verify', {
        verify_token: 'tx',
        code: '123456',
        mode: 'email',
      }),
      TOO_MANY,
      15 * 60,
    );
  });

  it('/auth/reset_password: 3 mails per account an hour, from any address', async () => {
    const user = await registerUser(ctx, { email: 'resets@example.com' });
    for (let i = 0; i < 3; i++) {
      const response = await from(`192.0.2.${50 + i}`, 'POST', '/auth/reset_password', {
        email: user.email,
      });
      expect(response.statusCode).toBe(200);
    }
    expect429(
      await from('192.0.2.59', 'POST', '/auth/reset_password', { email: user.email }),
      TOO_MANY,
      3600,
    );
  });

  it('/auth/reset_password: 10 an hour from one address, even for unknown addresses', async () => {
    const ip = '192.0.2.60';
    for (let i = 0; i < 10; i++) {
      const response = await from(ip, 'POST', '/auth/reset_password', {
        email: `nobody-${i}@example.com`,
      });
      expect(response.statusCode).toBe(400);
    }
    expect429(
      await from(ip, 'POST', '/auth/reset_password', { email: 'nobody-x@example.com' }),
      TOO_MANY,
      3600,
    );
  });
});

describe('the old password of PATCH /auth/profile', () => {
  const change = (token: string, oldPassword: string, ip = '192.0.2.90') =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/profile',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', authid: token },
      payload: JSON.stringify({
        old_password: oldPassword,
        new_password: clientHash('Changed-pw-7'),
      }),
    });

  it('is checked 5 times per account in 15 minutes, then 429 with Retry-After', async () => {
    const user = await registerUser(ctx, { email: 'guesser@example.com' });
    for (let i = 0; i < 5; i++) {
      const response = await change(user.token, clientHash(`guess-${i}`), `192.0.2.${91 + i}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('auth.old_password_wrong');
    }
    // Even the right one waits now, from any address: the limit is the account's.
    const blocked = await change(user.token, user.hash, '192.0.2.99');
    expect429(blocked, 'Too many password attempts: please wait before trying again', 15 * 60);
    expect(blocked.json().code).toBe('auth.too_many_password_checks');
    ctx.advance(15 * MIN + 1000);
    // The session idled meanwhile on the server's clock: the user signs in again, then may try.
    const token = await signInWithEmailCode(ctx, user, { force: true });
    expect((await change(token, user.hash)).statusCode).toBe(200);
  });

  it('wrong old passwords count towards the account lock with wrong sign-ins', async () => {
    const user = await registerUser(ctx, { email: 'counted@example.com' });
    for (let i = 0; i < 5; i++) {
      expect((await change(user.token, clientHash(`nope-${i}`))).statusCode).toBe(400);
    }
    const wrong = { email: user.email, password: clientHash('nope'), force: true };
    for (let i = 0; i < 5; i++) {
      expect((await from('192.0.2.100', 'POST', '/auth/login', wrong)).statusCode).toBe(400);
    }
    expect429(
      await from('192.0.2.100', 'POST', '/auth/login', {
        email: user.email,
        password: user.hash,
        force: true,
      }),
      LOCKED,
      15 * 60,
    );
  });
});
