import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../src/lib/mail/templates';
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

const INVALID_LINK = 'The link may have expired or not been typed correctly.';
const RESET_DONE = 'Your Password has been Reset successfully, please login again.';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Asks for a reset mail and returns the token of its link. */
async function requestResetToken(email: string): Promise<string> {
  ctx.smtp.clear();
  const response = await api(ctx, 'POST', '/auth/reset_password', { email, ip: '203.0.113.9' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ status: 200, msg: 'Password reset mail sent' });
  const mail = await ctx.smtp.waitForMail(
    (m) => m.to.includes(email) && m.text.includes('/auth/reset-password?token='),
  );
  expect(mail.to).toEqual([email]);
  const link = extractLink(mail, '/auth/reset-password?token=');
  expect(link.startsWith('http://console.test/auth/reset-password?token=')).toBe(true);
  const token = new URL(link).searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

const verifyLink = (token?: string) =>
  api(ctx, 'POST', '/auth/reset_password/verify', undefined, token ? { token } : {});
const updatePassword = (token: string, userId: string, password: string) =>
  api(
    ctx,
    'POST',
    '/auth/reset_password/update',
    { user_id: userId, password: clientHash(password) },
    { token },
  );

describe('POST /auth/reset_password', () => {
  it('tells an unknown address apart with 400', async () => {
    const response = await api(ctx, 'POST', '/auth/reset_password', { email: 'ghost@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      msg: "This Email hasn't been registered.",
    });
  });

  it('validates the address', async () => {
    const response = await api(ctx, 'POST', '/auth/reset_password', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('Wrong email format');
  });
});

describe('the reset link', () => {
  let user: TestUser;
  let token: string;
  const newPassword = 'N3w-Passw0rd!';

  beforeAll(async () => {
    user = await registerUser(ctx, { email: 'Reset.Me@Example.com' });
  });

  it('is mailed to the user (address matched case-insensitively) and names the account', async () => {
    token = await requestResetToken('reset.me@example.com');
    const response = await verifyLink(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      user_id: user.userId,
      email: 'reset.me@example.com',
      first_name: 'Test',
      last_name: 'User',
    });
    // Looking it up does not spend it.
    expect((await verifyLink(token)).statusCode).toBe(200);
  });

  it('a bad token answers 400; none at all is refused at the door with 401', async () => {
    const bad = await verifyLink('x'.repeat(43));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
    const none = await verifyLink();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 401, msg: 'No AuthId' });
    const badUpdate = await updatePassword('y'.repeat(43), user.userId, newPassword);
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
  });

  it("cannot set another user's password", async () => {
    const other = await registerUser(ctx, { email: 'other-reset@example.com' });
    const response = await updatePassword(token, other.userId, newPassword);
    expect(response.statusCode).toBe(400);
    // The link is not spent by the refusal.
    expect((await verifyLink(token)).statusCode).toBe(200);
  });

  it('update sets the password, ends the live session and mails the user', async () => {
    const before = await api(ctx, 'GET', '/auth/profile', undefined, { token: user.token });
    expect(before.statusCode).toBe(200);

    ctx.smtp.clear();
    const response = await updatePassword(token, user.userId, newPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, msg: RESET_DONE });

    const after = await api(ctx, 'GET', '/auth/profile', undefined, { token: user.token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 401, msg: 'Please Login again.' });

    const subject = renderMail('password-changed', 'en', {
      time: new Date().toISOString(),
    }).subject;
    const mail = await ctx.smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.subject === subject,
    );
    expect(mail.to).toEqual([user.email]);

    const old = await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ status: 400, msg: 'Email or password is incorrect' });

    const fresh = await signInWithEmailCode(ctx, {
      email: user.email,
      hash: clientHash(newPassword),
    });
    expect((await api(ctx, 'GET', '/auth/profile', undefined, { token: fresh })).statusCode).toBe(
      200,
    );
  });

  it('is single use', async () => {
    const again = await updatePassword(token, user.userId, 'An0ther-one!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
    expect((await verifyLink(token)).statusCode).toBe(400);
    // The password from the first use stands.
    const login = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: clientHash('An0ther-one!'),
      force: true,
    });
    expect(login.statusCode).toBe(400);
  });

  it('expires after 1 hour', async () => {
    const late = await requestResetToken(user.email);
    ctx.advance(59 * 60_000);
    expect((await verifyLink(late)).statusCode).toBe(200);
    ctx.advance(2 * 60_000);
    const expired = await verifyLink(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
    const update = await updatePassword(late, user.userId, 'Too-late-1!');
    expect(update.statusCode).toBe(400);
    expect(update.json().msg).toBe(INVALID_LINK);
  });
});

describe('outstanding links after a new password', () => {
  it('a completed reset spends every other link of the user', async () => {
    const user = await registerUser(ctx, { email: 'two-links@example.com' });
    const linkA = await requestResetToken(user.email);
    const linkB = await requestResetToken(user.email);
    expect((await updatePassword(linkA, user.userId, 'From-link-A1')).statusCode).toBe(200);
    const verifyB = await verifyLink(linkB);
    expect(verifyB.statusCode).toBe(400);
    expect(verifyB.json()).toMatchObject({ status: 400, msg: INVALID_LINK });
    const updateB = await updatePassword(linkB, user.userId, 'From-link-B1');
    expect(updateB.statusCode).toBe(400);
    expect(updateB.json().msg).toBe(INVALID_LINK);
    // Link A's password stands.
    const login = await api(ctx, 'POST', '/auth/login', {
      email: user.email,
      password: clientHash('From-link-A1'),
    });
    expect(login.statusCode).toBe(200);
  });

  it('a password change in Account Settings spends the outstanding links', async () => {
    const user = await registerUser(ctx, { email: 'changed-links@example.com' });
    const link = await requestResetToken(user.email);
    const change = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { old_password: user.hash, new_password: clientHash('Changed-pw-3') },
      { token: user.token },
    );
    expect(change.statusCode).toBe(200);
    expect((await verifyLink(link)).statusCode).toBe(400);
    expect((await updatePassword(link, user.userId, 'Via-old-link1')).statusCode).toBe(400);
    // A link asked for after the change works.
    const fresh = await requestResetToken(user.email);
    expect((await verifyLink(fresh)).statusCode).toBe(200);
  });
});
