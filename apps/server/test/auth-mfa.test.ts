import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../src/lib/mail/templates';
import { oathtoolTotp } from './support/oathtool';
import {
  api,
  createTestApp,
  extractCode,
  registerUser,
  type TestContext,
  type TestUser,
  tokenOf,
} from './support/test-app';

const OTP_INVALID = 'The provided email, password, or OTP is invalid.';
const CODE_INVALID = 'The code is not valid';
const STEP_MS = 30_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const factorChangedSubject = (lang: 'en' | 'de') =>
  renderMail('factor-changed', lang, { factor: 'totp-enabled', time: new Date().toISOString() })
    .subject;

async function profileOf(token: string) {
  const response = await api(ctx, 'GET', '/auth/profile', undefined, { token });
  expect(response.statusCode).toBe(200);
  return response.json().data as { mfa: string | null; email: string; email_codes: boolean };
}

/** The password step's answer: the methods offered and the verification token. */
async function passwordStepOf(user: TestUser, force = false) {
  const login = await api(ctx, 'POST', '/auth/login', {
    email: user.email,
    password: user.hash,
    force,
  });
  expect(login.statusCode).toBe(200);
  return login.json().data as { methods: string[]; mfa: string | null; verify_token: string };
}

/** Password step, then the second factor: the answer of /auth/login/verify. */
async function signIn(
  user: TestUser,
  mode: 'totp' | 'recovery' | 'email',
  code: string,
  force = false,
) {
  const { verify_token } = await passwordStepOf(user, force);
  return api(ctx, 'POST', '/auth/login/verify', { verify_token, code, mode, force });
}

/** Password step, a mailed sign-in code, and the code step. */
async function signInByMail(user: TestUser, force = false) {
  const { verify_token } = await passwordStepOf(user, force);
  ctx.smtp.clear();
  const sent = await api(ctx, 'POST', '/auth/login/otp', { verify_token });
  expect(sent.statusCode).toBe(200);
  const code = extractCode(await ctx.smtp.waitForMail((m) => m.to.includes(user.email)));
  return api(ctx, 'POST', '/auth/login/verify', { verify_token, code, mode: 'email', force });
}

async function logout(token: string) {
  const response = await api(ctx, 'POST', '/auth/logout', undefined, { token });
  expect(response.statusCode).toBe(200);
}

describe('authenticator app (TOTP)', () => {
  let user: TestUser;
  let token: string;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    user = await registerUser(ctx, { email: 'totp@example.com', lang: 'de' });
    token = user.token;
  });

  it('needs a session', async () => {
    const response = await api(ctx, 'POST', '/auth/mfa', { mode: 'totp' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, msg: 'No AuthId' });
  });

  it('refuses to confirm TOTP before the set-up was started', async () => {
    const response = await api(
      ctx,
      'POST',
      '/auth/mfa/verify',
      { mode: 'totp', code: '123456' },
      { token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      msg: 'Start the authenticator set-up first',
    });
  });

  it('POST /auth/mfa totp returns the secret, an otpauth URI and a PNG QR code', async () => {
    const response = await api(ctx, 'POST', '/auth/mfa', { mode: 'totp' }, { token });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { mode: string; secret: string; uri: string; qr: string };
    expect(data.mode).toBe('totp');
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits, base32
    secret = data.secret;

    const uri = new URL(data.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Terminal Key Console:totp@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Terminal Key Console');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');

    expect(data.qr).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(data.qr.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(png.length).toBeGreaterThan(200);

    // Starting is not enabling.
    expect((await profileOf(token)).mfa).toBeNull();
  });

  it('a wrong code does not turn TOTP on', async () => {
    const right = oathtoolTotp(secret, ctx.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const response = await api(
      ctx,
      'POST',
      '/auth/mfa/verify',
      { mode: 'totp', code: wrong },
      { token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, msg: CODE_INVALID });
    expect((await profileOf(token)).mfa).toBeNull();
  });

  it('a code computed by oathtool confirms it and yields 10 distinct recovery codes', async () => {
    ctx.smtp.clear();
    const code = oathtoolTotp(secret, ctx.now());
    const response = await api(ctx, 'POST', '/auth/mfa/verify', { mode: 'totp', code }, { token });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { mfa: string; recovery_codes: string[] };
    expect(data.mfa).toBe('totp');
    expect(data.recovery_codes).toHaveLength(10);
    expect(new Set(data.recovery_codes).size).toBe(10);
    for (const c of data.recovery_codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    recoveryCodes = data.recovery_codes;

    expect((await profileOf(token)).mfa).toBe('totp');
    const mail = await ctx.smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.subject === factorChangedSubject('de'),
    );
    expect(mail.to).toEqual([user.email]);
  });

  it('sign-in offers TOTP first and accepts an oathtool code', async () => {
    await logout(token);
    const login = await passwordStepOf(user);
    // Set up without e-mail codes (the default): the authenticator is the only way in.
    expect(login).toEqual({ methods: ['totp'], mfa: 'totp', verify_token: expect.any(String) });

    ctx.advance(STEP_MS); // the set-up used the current step
    const code = oathtoolTotp(secret, ctx.now());
    const verify = await api(ctx, 'POST', '/auth/login/verify', {
      verify_token: login.verify_token,
      code,
      mode: 'totp',
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toEqual({ user_id: user.userId });
    token = tokenOf(verify);
    expect((await profileOf(token)).email).toBe(user.email);

    // The same code a second time (same step): refused.
    await logout(token);
    const again = await signIn(user, 'totp', code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 400, msg: OTP_INVALID });
    expect(again.headers.authid).toBeUndefined();

    // The previous step's code is still inside the ±1 window, but older than the used one: refused.
    const previous = oathtoolTotp(secret, new Date(ctx.now().getTime() - STEP_MS));
    const older = await signIn(user, 'totp', previous);
    expect(older.statusCode).toBe(400);

    // The next step's code is good once.
    ctx.advance(STEP_MS);
    const next = await signIn(user, 'totp', oathtoolTotp(secret, ctx.now()));
    expect(next.statusCode).toBe(200);
    token = tokenOf(next);
  });

  it('a code of another secret is refused', async () => {
    await logout(token);
    const foreign = oathtoolTotp('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', ctx.now());
    const own = oathtoolTotp(secret, ctx.now());
    if (foreign === own) return; // one chance in a million
    const response = await signIn(user, 'totp', foreign);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(OTP_INVALID);
  });

  it('each recovery code signs in once', async () => {
    const first = await signIn(user, 'recovery', recoveryCodes[0]!);
    expect(first.statusCode).toBe(200);
    await logout(tokenOf(first));

    const reused = await signIn(user, 'recovery', recoveryCodes[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ status: 400, msg: OTP_INVALID });

    // Another one, typed in capitals without the dash, still works once.
    const second = await signIn(user, 'recovery', recoveryCodes[1]!.replace('-', '').toUpperCase());
    expect(second.statusCode).toBe(200);
    token = tokenOf(second);
    await logout(token);
    const secondAgain = await signIn(user, 'recovery', recoveryCodes[1]!);
    expect(secondAgain.statusCode).toBe(400);

    const fresh = await signIn(user, 'recovery', recoveryCodes[2]!);
    expect(fresh.statusCode).toBe(200);
    token = tokenOf(fresh);
  });

  it('e-mail codes stay off with the authenticator until the user turns them on', async () => {
    expect((await profileOf(token)).email_codes).toBe(false);
    const mailFactor = await api(ctx, 'POST', '/auth/mfa', { mode: 'email' }, { token });
    expect(mailFactor.statusCode).toBe(400);
    expect(mailFactor.json().code).toBe('auth.email_codes_off');

    await logout(token);
    const { verify_token } = await passwordStepOf(user);
    ctx.smtp.clear();
    const send = await api(ctx, 'POST', '/auth/login/otp', { verify_token });
    expect(send.statusCode).toBe(400);
    expect(send.json().code).toBe('auth.email_codes_off');
    // A code typed as an e-mail code is refused (and counts as a wrong code).
    const asMail = await api(ctx, 'POST', '/auth/login/verify', {
      verify_token,
      code: '123456',
      mode: 'email',
    });
    expect(asMail.statusCode).toBe(400);
    expect(asMail.json().msg).toBe(OTP_INVALID);
    expect(ctx.smtp.mails).toHaveLength(0);

    ctx.advance(STEP_MS);
    const viaApp = await api(ctx, 'POST', '/auth/login/verify', {
      verify_token,
      code: oathtoolTotp(secret, ctx.now()),
      mode: 'totp',
    });
    expect(viaApp.statusCode).toBe(200);
    token = tokenOf(viaApp);

    // Turning them on takes a code of the authenticator.
    const right = oathtoolTotp(secret, ctx.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await api(
      ctx,
      'PATCH',
      '/auth/mfa',
      { mode: 'totp', email_codes: true, code: wrong },
      { token },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(CODE_INVALID);
    expect((await profileOf(token)).email_codes).toBe(false);
    ctx.advance(STEP_MS);
    const on = await api(
      ctx,
      'PATCH',
      '/auth/mfa',
      { mode: 'totp', email_codes: true, code: oathtoolTotp(secret, ctx.now()) },
      { token },
    );
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ mfa: 'totp', email_codes: true });
    expect(await profileOf(token)).toMatchObject({ mfa: 'totp', email_codes: true });

    // Now the mailed code signs in too.
    await logout(token);
    expect((await passwordStepOf(user)).methods).toEqual(['totp', 'email']);
    const byMail = await signInByMail(user);
    expect(byMail.statusCode).toBe(200);
    token = tokenOf(byMail);

    // And off again: the mail way is closed at once.
    ctx.advance(STEP_MS);
    const off = await api(
      ctx,
      'PATCH',
      '/auth/mfa',
      { mode: 'totp', email_codes: false, code: oathtoolTotp(secret, ctx.now()) },
      { token },
    );
    expect(off.json().data).toEqual({ mfa: 'totp', email_codes: false });
    const again = await passwordStepOf(user, true);
    expect(again.methods).toEqual(['totp']);
    const closed = await api(ctx, 'POST', '/auth/login/otp', { verify_token: again.verify_token });
    expect(closed.json().code).toBe('auth.email_codes_off');
  });

  it('PATCH /auth/mfa needs a code of the current factor', async () => {
    const right = oathtoolTotp(secret, ctx.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const response = await api(
      ctx,
      'PATCH',
      '/auth/mfa',
      { mode: 'email', code: wrong },
      { token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, msg: CODE_INVALID });
    expect((await profileOf(token)).mfa).toBe('totp');
  });

  it('PATCH /auth/mfa with a TOTP code switches to e-mail codes and mails the user', async () => {
    ctx.smtp.clear();
    ctx.advance(STEP_MS);
    const code = oathtoolTotp(secret, ctx.now());
    const response = await api(ctx, 'PATCH', '/auth/mfa', { mode: 'email', code }, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ mfa: 'email', email_codes: true });
    expect((await profileOf(token)).mfa).toBe('email');
    const mail = await ctx.smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.subject === factorChangedSubject('de'),
    );
    expect(mail.to).toEqual([user.email]);

    // TOTP and the recovery codes are gone with it.
    await logout(token);
    const login = await passwordStepOf(user);
    expect(login).toMatchObject({ methods: ['email'], mfa: 'email' });
    ctx.advance(STEP_MS);
    const totp = await signIn(user, 'totp', oathtoolTotp(secret, ctx.now()));
    expect(totp.statusCode).toBe(400);
    const recovery = await signIn(user, 'recovery', recoveryCodes[3]!);
    expect(recovery.statusCode).toBe(400);
  });
});

describe('e-mail codes as the chosen factor', () => {
  it('PATCH /auth/mfa mode totp is refused without an authenticator', async () => {
    const user = await registerUser(ctx, { email: 'no-totp@example.com' });
    const response = await api(
      ctx,
      'PATCH',
      '/auth/mfa',
      { mode: 'totp', email_codes: false, code: '123456' },
      { token: user.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('auth.totp_off');
    expect((await profileOf(user.token)).email_codes).toBe(true);
    const missing = await api(
      ctx,
      'PATCH',
      '/auth/mfa',
      { mode: 'totp', code: '123456' },
      { token: user.token },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('request.invalid');
  });

  it('POST /auth/mfa email mails a code; verify sets mfa to email once', async () => {
    const user = await registerUser(ctx, { email: 'mailfactor@example.com' });
    ctx.smtp.clear();
    const start = await api(ctx, 'POST', '/auth/mfa', { mode: 'email' }, { token: user.token });
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toEqual({ mode: 'email' });
    const mail = await ctx.smtp.waitForMail(
      (m) => m.to.includes(user.email) && /\b\d{6}\b/.test(m.text),
    );
    const code = extractCode(mail);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await api(
      ctx,
      'POST',
      '/auth/mfa/verify',
      { mode: 'email', code: wrong },
      { token: user.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, msg: CODE_INVALID });
    expect((await profileOf(user.token)).mfa).toBeNull();

    ctx.smtp.clear();
    const good = await api(
      ctx,
      'POST',
      '/auth/mfa/verify',
      { mode: 'email', code },
      { token: user.token },
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ mfa: 'email' });
    expect((await profileOf(user.token)).mfa).toBe('email');
    const notice = await ctx.smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.subject === factorChangedSubject('en'),
    );
    expect(notice.to).toEqual([user.email]);

    const reused = await api(
      ctx,
      'POST',
      '/auth/mfa/verify',
      { mode: 'email', code },
      { token: user.token },
    );
    expect(reused.statusCode).toBe(400);
  });

  it('an e-mail code expires after 5 minutes', async () => {
    const user = await registerUser(ctx, { email: 'mailfactor-late@example.com' });
    ctx.smtp.clear();
    await api(ctx, 'POST', '/auth/mfa', { mode: 'email' }, { token: user.token });
    const code = extractCode(await ctx.smtp.waitForMail((m) => m.to.includes(user.email)));
    ctx.advance(5 * 60_000 + 1000);
    // The session (1 hour) still lives; only the code is stale.
    const late = await api(
      ctx,
      'POST',
      '/auth/mfa/verify',
      { mode: 'email', code },
      { token: user.token },
    );
    expect(late.statusCode).toBe(400);
    expect((await profileOf(user.token)).mfa).toBeNull();
  });
});
