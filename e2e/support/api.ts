import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  type CaughtMail,
  extractCode,
  extractLink,
} from '../../apps/server/test/support/smtp-catcher';
import type { Stack } from './stack';

// Node-side shortcuts to the real API, for the parts a test is not about (creating accounts,
// turning TOTP on, opening a session). Every UI flow under test goes through the browser.

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export type TestUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

export type Session = { token: string; expiry: string };

type Answer = {
  status: number;
  body: { status?: number; msg?: string; data?: unknown };
  session: Session | null;
};

export async function api(
  stack: Stack,
  path: string,
  {
    method = 'POST',
    body,
    token,
    headers = {},
  }: {
    method?: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const res = await fetch(`${stack.baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authid: token } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Answer['body'];
  const header = res.headers.get('authid');
  const [tok, exp] = header ? header.split(';').map((p) => p.trim()) : [];
  return {
    status: res.status,
    body: json,
    session: tok ? { token: tok, expiry: (exp ?? '').replace(/^expiry=/, '') } : null,
  };
}

async function ok(answer: Promise<Answer>, what: string): Promise<Answer> {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a;
}

/** The first mail to `email` caught after index `since` (see `mailMark`). */
export async function nextMail(
  stack: Stack,
  email: string,
  since: number,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = stack.smtp.mails.slice(since).find((m) => m.to.includes(email.toLowerCase()));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
}

/** Where the next mail will land in the catcher's list. */
export const mailMark = (stack: Stack) => stack.smtp.mails.length;

let counter = 0;
/** A fresh address and names for one test. */
export function newTestUser(prefix = 'user'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    email: `${prefix}.${id}@e2e.example.com`,
    password: `Secret${counter}pass!`,
    firstName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)}`,
    lastName: `Tester${counter}`,
  };
}

/** An invitation link through the loopback admin endpoint (what `npm run admin` uses). */
/** `npm run admin -- invite` through the server's loopback admin endpoint. */
export function adminInvite(stack: Stack, email: string, company: string, roles: string) {
  return api(stack, '/internal/admin/run', {
    body: { argv: ['invite', '--email', email, '--company', company, '--role', roles] },
    headers: { 'x-admin-token': stack.adminToken },
  });
}

export async function invite(stack: Stack, email: string, roles = 'cap-user'): Promise<string> {
  const since = mailMark(stack);
  await ok(adminInvite(stack, email, 'HQ', roles), 'invite');
  const mail = await nextMail(stack, email, since);
  return extractLink(mail, '/auth/register?api_token=');
}

/** Completes an invitation through the API; the session it opens is closed again. */
export async function registerThroughApi(
  stack: Stack,
  link: string,
  user: TestUser,
  timeZone = 'Europe/Berlin',
): Promise<void> {
  const token = new URL(link).searchParams.get('api_token')!;
  await ok(api(stack, '/auth/registration/verify', { token }), 'registration/verify');
  const answer = await ok(
    api(stack, '/auth/registration', {
      token,
      body: {
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        password: sha256(user.password),
        lang: 'en',
        address: '',
        timeZone,
        telephone: '+49 30 1234567',
        ip: '127.0.0.1',
      },
    }),
    'registration',
  );
  if (answer.session) await logoutThroughApi(stack, answer.session.token);
}

/** A new account (invited with `roles`) that can sign in; no session left open. */
export async function createUser(
  stack: Stack,
  roles = 'cap-user',
  prefix = 'user',
  timeZone = 'Europe/Berlin',
): Promise<TestUser> {
  const user = newTestUser(prefix);
  await registerThroughApi(stack, await invite(stack, user.email, roles), user, timeZone);
  return user;
}

/** Signs in with an e-mail code; returns the session. */
export async function signInThroughApi(
  stack: Stack,
  user: TestUser,
  force = false,
): Promise<Session> {
  const password = sha256(user.password);
  const login = await ok(
    api(stack, '/auth/login', { body: { email: user.email, password, force } }),
    'login',
  );
  const verifyToken = (login.body.data as { verify_token: string }).verify_token;
  const since = mailMark(stack);
  await ok(api(stack, '/auth/login/otp', { body: { verify_token: verifyToken } }), 'login/otp');
  const code = extractCode(await nextMail(stack, user.email, since));
  const answer = await ok(
    api(stack, '/auth/login/verify', {
      body: { verify_token: verifyToken, code, mode: 'email', force },
    }),
    'login/verify',
  );
  if (!answer.session) throw new Error('login/verify answered without an authid header');
  return answer.session;
}

export async function logoutThroughApi(stack: Stack, token: string): Promise<void> {
  await api(stack, '/auth/logout', { token, body: {} });
}

/**
 * The TOTP code of the base32 secret at `at` (ms), computed by Debian's oathtool (RFC 6238
 * defaults: SHA-1, 30 s, 6 digits), an implementation that shares no code with the server's.
 */
export function totpCode(secret: string, at = Date.now()): string {
  const seconds = Math.floor(at / 1000);
  const out = execFileSync('/usr/bin/oathtool', ['--totp', '-b', `--now=@${seconds}`, secret], {
    encoding: 'utf8',
  });
  const code = out.trim();
  if (!/^\d{6}$/.test(code)) throw new Error(`oathtool printed ${JSON.stringify(out)}`);
  return code;
}

/**
 * Turns TOTP on for the session's user; returns the base32 secret. E-mail codes stay allowed
 * unless `emailCodes` is false (the account's choice; sign-in by mail keeps working for helpers).
 */
export async function setUpTotp(
  stack: Stack,
  token: string,
  { emailCodes = true }: { emailCodes?: boolean } = {},
): Promise<string> {
  const start = await ok(api(stack, '/auth/mfa', { token, body: { mode: 'totp' } }), 'mfa');
  const secret = (start.body.data as { secret?: string }).secret;
  if (!secret) throw new Error('POST /auth/mfa gave no secret');
  await ok(
    api(stack, '/auth/mfa/verify', {
      token,
      body: { mode: 'totp', code: totpCode(secret), email_codes: emailCodes },
    }),
    'mfa/verify',
  );
  return secret;
}
