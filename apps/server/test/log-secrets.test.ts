import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oathtoolTotp } from './support/oathtool';
import {
  freshServerDatabase,
  type ServerProcess,
  startServerProcess,
  type TestDatabaseServer,
} from './support/server-process';
import {
  extractCode,
  extractLink,
  type SmtpCatcher,
  startSmtpCatcher,
} from './support/smtp-catcher';
import { clientHash } from './support/test-app';

// The server's own log, at its most talkative (LOG_LEVEL=trace, a line per request), while every
// kind of secret passes through it: master key, admin and metrics tokens, invitation, session,
// sign-in, reset and link tokens, passwords and their hashes, e-mail and TOTP codes, the TOTP
// secret, recovery codes. None may appear in any line; every line written for a request carries
// that request's id, the one its answer's X-Request-Id header names (docs/operations.md#logs).

const masterKey = crypto.randomBytes(32).toString('hex');
const metricsToken = crypto.randomBytes(24).toString('base64url');
let smtp: SmtpCatcher;
let db: TestDatabaseServer;
let server: ServerProcess;
const secrets = new Map<string, string>();
const requestIds = new Set<string>();

const keep = (name: string, value: string | undefined | null) => {
  if (!value) throw new Error(`no ${name}`);
  secrets.set(name, value);
  return value;
};

/** What the API answers, loosely: this test reads a few fields of it. */
type Answer = { data: Record<string, unknown> & { lines: string[] } };

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: () => Answer; header: (n: string) => string }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const id = response.headers.get('x-request-id');
  if (!id) throw new Error(`no X-Request-Id on ${method} ${path}`);
  requestIds.add(id);
  const text = await response.text();
  return {
    status: response.status,
    json: () => JSON.parse(text),
    header: (n) => String(response.headers.get(n) ?? ''),
  };
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  db = await freshServerDatabase();
  server = await startServerProcess({
    databaseUrl: db.url,
    env: {
      LOG_LEVEL: 'trace',
      ACCESS_LOG: '1',
      SMTP_URL: smtp.url,
      MASTER_KEY: masterKey,
      METRICS_TOKEN: metricsToken,
    },
  });
  keep('master key', masterKey);
  keep('metrics token', metricsToken);
  keep('admin token', server.adminToken);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await db?.drop();
  await smtp?.close();
});

describe('the log', { timeout: 120_000 }, () => {
  it('holds no secret and gives each request line its request id', async () => {
    const email = 'secret-keeper@console.test';
    const admin = { 'x-admin-token': server.adminToken };
    const invited = await call(
      'POST',
      '/api/v1/internal/admin/run',
      { argv: ['invite', '--email', email, '--company', 'HQ', '--role', 'plf-owner'] },
      admin,
    );
    const link = keep(
      'invitation token',
      /api_token=(\S+)/.exec(invited.json().data.lines[0])?.[1],
    );
    // Link tokens travel in query strings of pages too: those are not logged either.
    await call('GET', `/auth/register?api_token=${link}`);
    const password = keep('password', 'Correct-Horse-42!');
    const registered = await call(
      'POST',
      '/api/v1/auth/registration',
      {
        first_name: 'Kim',
        last_name: 'Keeper',
        password: keep('password hash', clientHash(password)),
        timeZone: 'UTC',
        telephone: '123',
      },
      { authid: link },
    );
    expect(registered.status).toBe(200);
    const session = keep('session token', registered.header('authid').split(';')[0]);

    // A wrong password, then a sign-in with an e-mail code on a second device.
    const wrongHash = keep('wrong password hash', clientHash('Wrong-Horse-41!'));
    expect((await call('POST', '/api/v1/auth/login', { email, password: wrongHash })).status).toBe(
      400,
    );
    const login = await call('POST', '/api/v1/auth/login', {
      email,
      password: clientHash(password),
      force: true,
    });
    const verifyToken = keep('verify token', String(login.json().data.verify_token));
    smtp.clear();
    await call('POST', '/api/v1/auth/login/otp', { verify_token: verifyToken });
    const mail = await smtp.waitForMail((m) => m.to.includes(email) && /\b\d{6}\b/.test(m.text));
    const emailCode = keep('e-mail code', extractCode(mail));
    const verified = await call('POST', '/api/v1/auth/login/verify', {
      verify_token: verifyToken,
      code: emailCode,
      mode: 'email',
      force: true,
    });
    expect(verified.status).toBe(200);
    const second = keep('second session token', verified.header('authid').split(';')[0]);
    await call('GET', '/api/v1/auth/profile', undefined, { authid: second });
    await call('GET', '/api/v1/auth/profile', undefined, { authid: session }); // ended: 401

    // TOTP on, with recovery codes.
    const totp = await call('POST', '/api/v1/auth/mfa', { mode: 'totp' }, { authid: second });
    const secret = keep('totp secret', String(totp.json().data.secret));
    const code = keep('totp code', oathtoolTotp(secret, new Date()));
    const on = await call(
      'POST',
      '/api/v1/auth/mfa/verify',
      { mode: 'totp', code },
      { authid: second },
    );
    expect(on.status).toBe(200);
    for (const [i, c] of (on.json().data.recovery_codes as string[]).entries()) {
      keep(`recovery code ${i}`, c);
    }

    // A reset link, and its page.
    smtp.clear();
    await call('POST', '/api/v1/auth/reset_password', { email });
    const resetMail = await smtp.waitForMail((m) => m.text.includes('/auth/reset-password?token='));
    const resetLink = extractLink(resetMail, '/auth/reset-password?token=');
    const reset = keep('reset token', new URL(resetLink).searchParams.get('token'));
    await call('GET', `/auth/reset-password?token=${reset}`);
    await call('POST', '/api/v1/auth/reset_password/verify', undefined, { authid: reset });

    // Metrics, bad tokens, an unknown path.
    expect(
      (await call('GET', '/metrics', undefined, { authorization: `Bearer ${metricsToken}` }))
        .status,
    ).toBe(200);
    await call('GET', '/metrics', undefined, {
      authorization: `Bearer ${keep('guessed token', crypto.randomBytes(20).toString('hex'))}`,
    });
    await call('GET', '/api/v1/auth/profile', undefined, {
      authid: keep('forged authid', crypto.randomBytes(32).toString('base64url').slice(0, 43)),
    });
    await call('GET', '/api/v1/no/such/route');

    expect(await server.stop()).toBe(0);
    const output = server.output();
    const outbox = `${server.dataDir}/outbox`;
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).toEqual([]);
    for (const [name, value] of secrets) {
      expect(output.includes(value), `${name} appears in the log`).toBe(false);
    }

    // Every line a request wrote names it; together they name every request made.
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    const entries = lines.map(
      (l) => JSON.parse(l) as { reqId?: string; req?: unknown; res?: unknown; msg: string },
    );
    const forRequests = entries.filter((e) => e.req !== undefined || e.res !== undefined);
    expect(forRequests.length).toBeGreaterThanOrEqual(2 * requestIds.size);
    for (const entry of forRequests)
      expect(requestIds.has(String(entry.reqId)), entry.msg).toBe(true);
    const logged = new Set(forRequests.map((e) => e.reqId));
    for (const id of requestIds) expect(logged.has(id), id).toBe(true);
    // And the rest: only lines from before the first request or from background work.
    const others = entries.filter((e) => e.reqId === undefined).map((e) => e.msg);
    for (const msg of others) expect(msg).toMatch(/^(Server listening at|\[jobs\]|Closing)/);
  });
});
