import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { buildApp } from '../src/app';
import { runAdmin } from '../src/cli/admin';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { auditEvents, companies, invitations, sessions, users } from '../src/db/schema';
import { verifyAuditChain } from '../src/features/audit/audit-service';
import { bootstrapFirstUser } from '../src/features/bootstrap/bootstrap';
import { findRepoRoot } from '../src/lib/paths';
import { openRuntime } from '../src/runtime';
import {
  api,
  clientHash,
  createTestApp,
  ensureCompany,
  extractCode,
  extractLink,
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

describe('audit events of the authentication API', () => {
  let userId: string;
  let eventIds: number[];

  it('sign-in, failures, sign-out, refresh, password and factor changes are recorded with result and address', async () => {
    const user = await registerUser(ctx, { email: 'audited@example.com' });
    userId = user.userId;
    const [A, B, C] = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];

    ok(await call(A, 'POST', '/auth/logout', undefined, user.token));
    // The body's ip is the client's word; the record keeps the address the server saw.
    const wrong = await call(B, 'POST', '/auth/login', {
      email: user.email,
      password: clientHash('no'),
      ip: '10.6.6.6',
    });
    expect(wrong.statusCode).toBe(400);

    ok(await call(C, 'POST', '/auth/login', { email: user.email, password: user.hash }));
    ctx.smtp.clear();
    ok(await call(C, 'POST', '/auth/login/otp', { email: user.email }));
    const code = extractCode(await ctx.smtp.waitForMail((m) => m.to.includes(user.email)));
    const verify = ok(
      await call(C, 'POST', '/auth/login/verify', {
        email: user.email,
        password: user.hash,
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
    eventIds = mine.map((e) => e.id);
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

  it('the chain verifies', async () => {
    const verdict = await verifyAuditChain(db());
    expect(verdict).toEqual({ isValid: true, count: (await allEvents()).length });
    expect(verdict.count).toBeGreaterThan(12);
  });

  it('an edited detail or action is reported with that event id', async () => {
    const failedId = eventIds[2]!;
    const [original] = await db().select().from(auditEvents).where(eq(auditEvents.id, failedId));
    await db().execute(
      sql`update audit_events set detail = '{"reason":"nothing to see"}'::jsonb where id = ${failedId}`,
    );
    expect(await verifyAuditChain(db())).toMatchObject({
      isValid: false,
      brokenId: failedId,
      reason: 'content does not match its hash',
    });
    await db()
      .update(auditEvents)
      .set({ detail: original!.detail })
      .where(eq(auditEvents.id, failedId));
    expect((await verifyAuditChain(db())).isValid).toBe(true);

    const loginId = eventIds[5]!;
    await db().execute(sql`update audit_events set result = 'failure' where id = ${loginId}`);
    expect(await verifyAuditChain(db())).toMatchObject({ isValid: false, brokenId: loginId });
    await db().execute(sql`update audit_events set result = 'success' where id = ${loginId}`);

    const logoutId = eventIds[1]!;
    await db().execute(sql`update audit_events set action = 'auth.login' where id = ${logoutId}`);
    expect(await verifyAuditChain(db())).toMatchObject({ isValid: false, brokenId: logoutId });
    await db().execute(sql`update audit_events set action = 'auth.logout' where id = ${logoutId}`);
    expect((await verifyAuditChain(db())).isValid).toBe(true);
  });

  it('a deleted middle event is caught at the event after it', async () => {
    const all = await allEvents();
    const middle = all[Math.floor(all.length / 2)]!;
    const after = all[all.indexOf(middle) + 1]!;
    await db().delete(auditEvents).where(eq(auditEvents.id, middle.id));
    expect(await verifyAuditChain(db())).toMatchObject({
      isValid: false,
      brokenId: after.id,
      reason: 'previous hash does not match',
    });
    await db().insert(auditEvents).values(middle);
    expect((await verifyAuditChain(db())).isValid).toBe(true);
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
    expect(response.json()).toEqual({
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
    ok(await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash }));
    ctx.smtp.clear();
    ok(await api(ctx, 'POST', '/auth/login/otp', { email: user.email }));
    const code = extractCode(await ctx.smtp.waitForMail((m) => m.to.includes(user.email)));
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await api(ctx, 'POST', '/auth/login/verify', {
      email: user.email,
      password: user.hash,
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

describe('npm run admin (runAdmin) on a PGlite data folder', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-admin-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    DATA_DIR: dataDir,
    SMTP_URL: ctx.smtp.url,
    PUBLIC_URL: 'http://console.test',
    LOG_LEVEL: 'silent',
  });

  async function stop(process_: ChildProcess) {
    const exited = new Promise<void>((resolve) => process_.once('exit', () => resolve()));
    // The whole group: npx, tsx and the server it runs.
    process.kill(-process_.pid!, 'SIGTERM');
    await exited;
  }

  async function inviteWorks(link: string, email: string, baseUrl?: string) {
    const apiToken = new URL(link).searchParams.get('api_token')!;
    expect(apiToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = {
      first_name: 'Cli',
      last_name: 'User',
      password: clientHash('Secret123!'),
      timeZone: 'UTC',
      telephone: '123',
    };
    if (baseUrl) {
      const verify = await fetch(`${baseUrl}/api/v1/auth/registration/verify`, {
        method: 'POST',
        headers: { authid: apiToken },
      });
      expect(verify.status).toBe(200);
      expect(((await verify.json()) as { data: unknown }).data).toEqual({
        email,
        company: 'Platform Headquarters',
      });
      const register = await fetch(`${baseUrl}/api/v1/auth/registration`, {
        method: 'POST',
        headers: { authid: apiToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(register.status).toBe(200);
      const token = String(register.headers.get('authid')).split(';')[0]!;
      const profile = await fetch(`${baseUrl}/api/v1/auth/profile`, { headers: { authid: token } });
      expect(((await profile.json()) as { data: { roles: string[] } }).data.roles).toEqual([
        'HQ/plf-admin',
      ]);
      return;
    }
    // No server: build one in-process on the data folder, use the link, close it again.
    const config = loadConfig(env());
    const runtime = await openRuntime(config);
    const app = await buildApp({ config, ...runtime });
    try {
      const verify = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/registration/verify',
        headers: { authid: apiToken },
      });
      expect(verify.statusCode).toBe(200);
      expect(verify.json().data).toEqual({ email, company: 'Platform Headquarters' });
      const register = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/registration',
        headers: { authid: apiToken, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(register.statusCode).toBe(200);
      const profile = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile',
        headers: { authid: tokenOf(register) },
      });
      expect(profile.json().data.roles).toEqual(['HQ/plf-admin']);
    } finally {
      await app.close();
      await runtime.close();
    }
  }

  it('without a server: audit-verify, invite, and a tampered event named', {
    timeout: 60_000,
  }, async () => {
    const config = loadConfig(env());
    const seed = await openRuntime(config);
    const firstLink = await bootstrapFirstUser(
      {
        db: seed.database.db,
        mailer: seed.mailer,
        clock: () => new Date(),
        publicUrl: config.publicUrl,
      },
      { ownerEmail: config.ownerEmail, platformCompanyCode: config.platformCompanyCode },
    );
    await seed.close();
    expect(firstLink).toContain('/auth/register?api_token=');

    const valid = await runAdmin(['audit-verify'], config);
    expect(valid).toEqual({ ok: true, lines: ['Audit chain is valid: 2 events.'] });

    ctx.smtp.clear();
    const invited = await runAdmin(
      ['invite', '--email', 'x@example.com', '--company', 'HQ', '--role', 'plf-admin'],
      config,
    );
    expect(invited.ok).toBe(true);
    const link = invited.lines[0]!.match(
      /(http:\/\/console\.test\/auth\/register\?api_token=\S+)/,
    )?.[1];
    expect(link).toBeDefined();
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes('x@example.com'));
    expect(extractLink(mail, '/auth/register?api_token=')).toBe(link);
    await inviteWorks(link!, 'x@example.com');

    // Tamper with one event while nothing has the folder open.
    const pgdata = path.join(dataDir, 'pgdata');
    let database = await openDatabase({ dataDir: pgdata });
    const rows = await database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    const victim = rows.find(
      (r) =>
        r.action === 'invitation.create' &&
        (r.detail as { email?: string }).email === 'x@example.com',
    )!;
    await database.db.execute(
      sql`update audit_events set detail = '{"email":"y@example.com"}'::jsonb where id = ${victim.id}`,
    );
    await database.close();

    const broken = await runAdmin(['audit-verify'], config);
    expect(broken.ok).toBe(false);
    expect(broken.lines.join('\n')).toContain(`BROKEN at event ${victim.id}:`);

    database = await openDatabase({ dataDir: pgdata });
    await database.db
      .update(auditEvents)
      .set({ detail: victim.detail })
      .where(eq(auditEvents.id, victim.id));
    await database.close();
    expect((await runAdmin(['audit-verify'], config)).ok).toBe(true);
  });

  // Seen failing twice in about fifteen full parallel runs, never alone; the cause is not found
  // yet (the child server's output is printed on failure). One retry keeps CI honest meanwhile.
  it('with the server running on the folder: the commands go through its admin endpoint', {
    timeout: 60_000,
    retry: 1,
  }, async () => {
    const config = loadConfig(env());
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...env(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    delete childEnv.DATABASE_URL;
    child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
      cwd: findRepoRoot(),
      env: childEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    onTestFailed(() => {
      console.error(`output of the server process:\n${output}`);
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/Server listening on (http:\/\/\S+)/);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
      child!.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const valid = await runAdmin(['audit-verify'], config);
      expect(valid.ok).toBe(true);
      expect(valid.lines[0]).toMatch(/^Audit chain is valid: \d+ events\.$/);
      expect(fetchSpy).toHaveBeenCalledWith(
        `${url}/api/v1/internal/admin/audit-verify`,
        expect.anything(),
      );

      ctx.smtp.clear();
      const invited = await runAdmin(
        ['invite', '--email', 'z@example.com', '--company', 'HQ', '--role', 'plf-admin'],
        config,
      );
      expect(invited.ok).toBe(true);
      expect(fetchSpy).toHaveBeenCalledWith(
        `${url}/api/v1/internal/admin/invite`,
        expect.anything(),
      );
      const link = invited.lines[0]!.match(
        /(http:\/\/console\.test\/auth\/register\?api_token=\S+)/,
      )?.[1];
      expect(link).toBeDefined();
      const mail = await ctx.smtp.waitForMail((m) => m.to.includes('z@example.com'));
      expect(extractLink(mail, '/auth/register?api_token=')).toBe(link);
      await inviteWorks(link!, 'z@example.com', url);
    } finally {
      fetchSpy.mockRestore();
    }

    // The admin endpoint is not open to anyone without the token.
    const denied = await fetch(`${url}/api/v1/internal/admin/audit-verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': 'guess' },
      body: '{}',
    });
    expect(denied.status).toBe(403);

    await stop(child);
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);
  });
});
