import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { companies } from '../../src/db/schema';
import type { AuditExportCache } from '../../src/features/audit/audit-export-cache';
import { createInvitation } from '../../src/features/invitations/invitation-service';
import { createSecretBox, type SecretBox } from '../../src/lib/crypto';
import { createMailer } from '../../src/lib/mail/mailer';
import { extractCode, extractLink, type SmtpCatcher, startSmtpCatcher } from './smtp-catcher';
import { openTestDatabase } from './test-db';

/** What the SPA sends as the password: SHA-256 hex of what the user typed. */
export const clientHash = (password: string) =>
  crypto.createHash('sha256').update(password).digest('hex');

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  smtp: SmtpCatcher;
  config: Config;
  box: SecretBox;
  /** Moves the server's clock forward (codes, links and sessions expire by it). */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
};

/** A freshly built app on its own database, with a real SMTP server on loopback catching mail. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    adminToken?: string;
    isJobsWorkerOff?: boolean;
    /** A database of the caller's (a PGlite folder to back up); closed with the context. */
    database?: Database;
    masterKey?: Buffer;
    auditExportCache?: AuditExportCache;
  } = {},
): Promise<TestContext> {
  const smtp = await startSmtpCatcher();
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `tkc-test-${crypto.randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://console.test',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ...env,
  });
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: '',
    log: () => {},
  });
  const box = createSecretBox(options.masterKey ?? crypto.randomBytes(32));
  const app = await buildApp({
    config,
    database,
    mailer,
    box,
    clock,
    adminToken: options.adminToken,
    isJobsWorkerOff: options.isJobsWorkerOff,
    auditExportCache: options.auditExportCache,
  });
  await app.ready();
  return {
    app,
    database,
    smtp,
    config,
    box,
    advance: (ms) => {
      offsetMs += ms;
    },
    now: clock,
    async close() {
      await app.close();
      await mailer.close();
      await smtp.close();
      await database.close();
    },
  };
}

type CallOptions = { token?: string; headers?: Record<string, string> };

/** A JSON call to /api/v1 as the SPA makes it. */
export function api(
  ctx: Pick<TestContext, 'app'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authid: options.token } : {}),
      ...options.headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The session token of an answer's authid header (`token; expiry=ISO`). */
export function tokenOf(response: LightMyRequestResponse): string {
  const header = String(response.headers.authid ?? '');
  const token = header.split(';')[0]?.trim();
  if (!token) throw new Error(`No authid header on ${response.statusCode} ${response.body}`);
  return token;
}

export async function ensureCompany(
  ctx: TestContext,
  code: string,
  name = `${code} Ltd`,
  isPlatform = false,
) {
  await ctx.database.db.insert(companies).values({ code, name, isPlatform }).onConflictDoNothing();
}

export type TestUser = {
  email: string;
  password: string;
  hash: string;
  userId: string;
  token: string;
};

/**
 * An invited user who completed registration (and so holds a live session).
 * The platform company HQ is created on demand.
 */
export async function registerUser(
  ctx: TestContext,
  input: { email: string; company?: string; roles?: string[]; password?: string; lang?: string },
): Promise<TestUser> {
  const company = input.company ?? 'HQ';
  await ensureCompany(ctx, company, `${company} Ltd`, company === 'HQ');
  const password = input.password ?? 'Secret123!';
  const { token: linkToken } = await createInvitation(
    {
      db: ctx.database.db,
      mailer: createNullMailer(),
      clock: ctx.now,
      publicUrl: ctx.config.publicUrl,
    },
    { email: input.email, companyCode: company, roles: input.roles ?? ['erk-user'] },
  );
  const response = await api(
    ctx,
    'POST',
    '/auth/registration',
    {
      first_name: 'Test',
      last_name: 'User',
      password: clientHash(password),
      lang: input.lang ?? 'en',
      timeZone: 'Europe/Berlin',
      telephone: '+49 30 1234567',
      address: 'Street 1',
    },
    { token: linkToken },
  );
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  return {
    email: input.email.toLowerCase(),
    password,
    hash: clientHash(password),
    userId: response.json().data.user_id,
    token: tokenOf(response),
  };
}

const createNullMailer = () => ({ send: async () => {}, close: async () => {} });

/** The password step: answers the verification token the code steps take. */
export async function passwordStep(
  ctx: TestContext,
  user: Pick<TestUser, 'email' | 'hash'>,
  options: { force?: boolean } = {},
): Promise<string> {
  const login = await api(ctx, 'POST', '/auth/login', {
    email: user.email,
    password: user.hash,
    force: options.force,
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return login.json().data.verify_token as string;
}

/** Password, e-mail code from the caught mail, verify: returns the new session token. */
export async function signInWithEmailCode(
  ctx: TestContext,
  user: Pick<TestUser, 'email' | 'hash'>,
  options: { force?: boolean } = {},
): Promise<string> {
  const verifyToken = await passwordStep(ctx, user, options);
  const code = await requestLoginCode(ctx, verifyToken, user.email);
  const verify = await api(ctx, 'POST', '/auth/login/verify', {
    verify_token: verifyToken,
    code,
    mode: 'email',
    force: options.force,
  });
  if (verify.statusCode !== 200)
    throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  return tokenOf(verify);
}

/** Asks for a sign-in code (for a verification token) and reads it from the caught mail. */
export async function requestLoginCode(
  ctx: TestContext,
  verifyToken: string,
  email: string,
): Promise<string> {
  ctx.smtp.clear();
  const sent = await api(ctx, 'POST', '/auth/login/otp', { verify_token: verifyToken });
  if (sent.statusCode !== 200) throw new Error(`otp send failed: ${sent.statusCode} ${sent.body}`);
  const mail = await ctx.smtp.waitForMail((m) => m.to.includes(email) && /\b\d{6}\b/.test(m.text));
  return extractCode(mail);
}

export { extractCode, extractLink };
