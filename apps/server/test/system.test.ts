import { isApiErrorCode } from '@tkc/contracts/api/error-codes';
import { emailField } from '@tkc/contracts/fields';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { featureFlagsOf } from '../src/features/system/system-routes';
import { api, clientHash, createTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Every error body the tests below saw: checked at the end for stack traces. */
const errorBodies: string[] = [];

/** An error answer as the SPA's handlers expect it: JSON, exactly `{status, msg}`. */
function expectError(response: LightMyRequestResponse, status: number): string {
  errorBodies.push(response.body);
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'msg', 'params', 'status']);
  expect(isApiErrorCode(body.code)).toBe(true);
  expect(body.status).toBe(status);
  expect(typeof body.msg).toBe('string');
  expect(body.msg.length).toBeGreaterThan(0);
  return body.msg;
}

const post = (url: string, payload: string | Buffer, contentType?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: contentType ? { 'content-type': contentType } : {},
    payload,
  });

describe('public endpoints', () => {
  it('GET /health', async () => {
    const response = await api(ctx, 'GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: '1.9.41' });
  });

  it('GET /ready: 200 with every migration applied, 503 while one is missing', async () => {
    const ready = await api(ctx, 'GET', '/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', reason: null });
    // A database behind this build (one migration record gone) is not ready for traffic.
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      ctx.database.db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    await ctx.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`,
    );
    try {
      const behind = await api(ctx, 'GET', '/ready');
      expect(behind.statusCode).toBe(503);
      expect(behind.json().reason).toMatch(/^migrations applied \d+ of \d+$/);
    } finally {
      await ctx.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect((await api(ctx, 'GET', '/ready')).statusCode).toBe(200);
  });

  it('GET /ip answers the address the server sees, not a forwarded claim', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/ip',
      remoteAddress: '198.51.100.23',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 200,
      msg: 'OK',
      data: { ip: '198.51.100.23' },
    });
  });

  it('GET /config serves every feature flag (docs/product.md#feature-flags)', async () => {
    const response = await api(ctx, 'GET', '/config');
    expect(response.statusCode).toBe(200);
    const flags = response.json().data as Record<string, unknown>;
    expect(Object.keys(flags).sort()).toEqual(
      [
        'home',
        'otpEnabled',
        'authenticatorOtpEnabled',
        'evaluateMode',
        'crtEnabled',
        'signerEnabled',
        'signerApkEnabled',
        'signerCapEnabled',
        'capEnabled',
        'capKeyEnabled',
        'capCrtEnabled',
        'keyEraseDemo',
        'enforceLogin',
        'showTimer',
        'idleTimeoutS',
        'platformCompanyCode',
        'hqscCompanyCode',
      ].sort(),
    );
    expect(flags).toMatchObject({
      home: '/',
      otpEnabled: true,
      authenticatorOtpEnabled: true,
      enforceLogin: false,
      showTimer: false,
      idleTimeoutS: 1200,
      platformCompanyCode: 'HQ',
      hqscCompanyCode: 'HQSC',
      evaluateMode: false,
    });
    for (const [key, value] of Object.entries(flags)) {
      if (!['home', 'platformCompanyCode', 'hqscCompanyCode', 'idleTimeoutS'].includes(key)) {
        expect(typeof value, key).toBe('boolean');
      }
    }
  });

  it('feature flags follow the configuration', () => {
    const flags = featureFlagsOf(loadConfig({ FEATURE_SIGNER: '0', FEATURE_EVALUATE_MODE: '1' }));
    expect(flags).toMatchObject({
      signerEnabled: false,
      signerApkEnabled: false,
      signerCapEnabled: false,
      evaluateMode: true,
      crtEnabled: true,
    });
  });
});

describe('security headers', () => {
  it('a Content-Security-Policy without inline scripts, and nosniff, on API answers and pages', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nope', '/', '/auth/login', '/api/docs']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy'] ?? '');
      expect(csp, url).not.toBe('');
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => {
            const [name, ...values] = d.split(/\s+/);
            return [name!, values] as const;
          }),
      );
      // A directive left out falls back to default-src.
      const effective = (name: string) => directives.get(name) ?? directives.get('default-src');
      const scriptSrc = effective('script-src');
      expect(scriptSrc, url).toBeDefined();
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(scriptSrc, url).not.toContain("'unsafe-eval'");
      expect(effective('object-src'), url).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), url).toBeDefined();
      expect(directives.get('frame-ancestors'), url).not.toContain('*');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('JSON answers under /api/v1 load nothing and cannot be framed; pages keep the document headers', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nope', '/api/v1/auth/profile']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
    for (const url of ['/', '/auth/login', '/api/docs']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('errors under /api are JSON {status, msg}', () => {
  it('an unknown path or method answers 404', async () => {
    expect(expectError(await api(ctx, 'GET', '/no/such/path'), 404)).toBe('Not Found');
    expect(expectError(await api(ctx, 'DELETE', '/auth/login'), 404)).toBe('Not Found');
    expect(expectError(await ctx.app.inject({ method: 'GET', url: '/api/v2/health' }), 404)).toBe(
      'Not Found',
    );
  });

  it('a body that is not JSON answers 415', async () => {
    expectError(await post('/api/v1/auth/login', 'email=a@b.cd', 'text/plain'), 415);
    expectError(
      await post('/api/v1/auth/login', 'email=a@b.cd', 'application/x-www-form-urlencoded'),
      415,
    );
    expectError(await post('/api/v1/auth/login', 'email=a@b.cd'), 415);
  });

  it('malformed JSON answers 400', async () => {
    const msg = expectError(
      await post('/api/v1/auth/login', '{"email": "a@b.cd", ', 'application/json'),
      400,
    );
    expect(msg).toBe('Body is not valid JSON');
  });

  it('a body that is JSON but not an object answers 400', async () => {
    expect(expectError(await post('/api/v1/auth/login', '[1,2]', 'application/json'), 400)).toBe(
      'Request body must be a JSON object',
    );
  });

  it('a body over 1 MB answers 413; just under it is read and validated', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_048_576) });
    expectError(await post('/api/v1/auth/login', big, 'application/json'), 413);
    const under = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_000_000) });
    expect(expectError(await post('/api/v1/auth/login', under, 'application/json'), 400)).toContain(
      'password',
    );
  });

  it('an oversized field answers 400 naming the field', async () => {
    const email = `${'a'.repeat(488)}@example.com`;
    expect(email).toHaveLength(500);
    const response = await api(ctx, 'POST', '/auth/login', { email, password: clientHash('x') });
    const msg = expectError(response, 400);
    expect(msg).toContain('email');
    expect(msg).toContain('Maximum 128 symbols');
    const reset = await api(ctx, 'POST', '/auth/reset_password', { email });
    expect(expectError(reset, 400)).toContain('email');
  });

  it('an unexpected field answers 400 naming it', async () => {
    const response = await api(ctx, 'POST', '/auth/login', {
      email: 'a@example.com',
      password: clientHash('x'),
      is_admin: true,
    });
    expect(expectError(response, 400)).toContain('is_admin');
  });

  it('a missing field answers 400 with the product message', async () => {
    const response = await api(ctx, 'POST', '/auth/login', { password: clientHash('x') });
    expect(expectError(response, 400)).toContain('Email is required');
  });

  it('no error body carries a stack trace or internals', () => {
    expect(errorBodies.length).toBeGreaterThan(10);
    for (const body of errorBodies) {
      expect(body).not.toMatch(/\n\s+at\s/);
      expect(body).not.toMatch(/stack|node_modules|\.ts:\d+|FST_/i);
    }
  });
});

describe('OpenAPI document', () => {
  it('lists every auth path with its method at /api/docs/json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/auth/login/otp', 'post'],
      ['/api/v1/auth/login/verify', 'post'],
      ['/api/v1/auth/logout', 'post'],
      ['/api/v1/auth/refresh', 'post'],
      ['/api/v1/auth/profile', 'get'],
      ['/api/v1/auth/profile', 'patch'],
      ['/api/v1/auth/mfa', 'post'],
      ['/api/v1/auth/mfa', 'patch'],
      ['/api/v1/auth/mfa/verify', 'post'],
      ['/api/v1/auth/reset_password', 'post'],
      ['/api/v1/auth/reset_password/verify', 'post'],
      ['/api/v1/auth/reset_password/update', 'post'],
      ['/api/v1/auth/registration/verify', 'post'],
      ['/api/v1/auth/registration', 'post'],
    ];
    for (const [url, method] of expected) {
      expect(doc.paths[url]?.[method], `${method} ${url}`).toBeDefined();
    }
    const authPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/auth'));
    expect(authPaths.sort()).toEqual([...new Set(expected.map(([p]) => p))].sort());
    // The local admin endpoint stays out of the public document.
    expect(Object.keys(doc.paths).some((p) => p.includes('internal'))).toBe(false);
  });
});

describe('configuration errors', () => {
  const thrown = (env: Record<string, string>): ConfigError => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('loadConfig did not throw');
  };

  it('one line per bad variable, naming it', () => {
    const error = thrown({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(error.lines).toHaveLength(2);
    const port = error.lines.find((l) => /\bPORT\b/.test(l));
    const url = error.lines.find((l) => /\bDATABASE_URL\b/.test(l));
    expect(port).toBeDefined();
    expect(url).toBeDefined();
    expect(port).not.toBe(url);
    expect(url).toContain('must start with postgres:// or postgresql://');
    for (const line of error.lines) expect(line).not.toContain('\n');
    expect(error.message).toBe(error.lines.join('\n'));
  });

  it('names each of several variables', () => {
    const error = thrown({
      SESSION_TTL_S: '5',
      LOG_LEVEL: 'loud',
      SMTP_URL: 'http://mail',
      TRUST_PROXY: 'maybe',
    });
    expect(error.lines).toHaveLength(4);
    for (const key of ['SESSION_TTL_S', 'LOG_LEVEL', 'SMTP_URL', 'TRUST_PROXY']) {
      expect(error.lines.filter((l) => l.includes(key))).toHaveLength(1);
    }
  });

  it('never repeats a secret in the error', () => {
    const masterKey = 'my-secret-master-key-that-is-wrong';
    const error = thrown({ MASTER_KEY: masterKey, DATABASE_URL: 'mysql://admin:hunter2@db/x' });
    expect(error.lines).toHaveLength(2);
    expect(error.message).toContain('MASTER_KEY');
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain(masterKey);
    expect(error.message).not.toContain('hunter2');
  });

  it('an empty environment gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3458,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3458',
      sessionTtlS: 3600,
      trustProxy: false,
      isRateLimitOff: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it("the owner address, default or set, passes the sign-up form's own e-mail rule", () => {
    const owner = loadConfig({}).ownerEmail;
    expect(emailField.safeParse(owner).success).toBe(true);
    // An address the form would refuse could never complete its invitation: refused at start.
    const error = thrown({ OWNER_EMAIL: 'owner@localhost' });
    expect(error.lines).toEqual([
      "Configuration error: OWNER_EMAIL Wrong email format (got 'owner@localhost')",
    ]);
  });
});
