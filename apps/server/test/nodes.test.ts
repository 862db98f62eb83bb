import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_LOCK_KEY } from '../src/db/client';
import { buildMigrations } from '../src/features/backup/backup-service';
import { oathtoolTotp } from './support/oathtool';
import { type LoadBalancer, startRoundRobinProxy } from './support/round-robin-proxy';
import {
  freshServerDatabase,
  type ServerProcess,
  startServerProcess,
  type TestDatabaseServer,
  userOn,
} from './support/server-process';
import { type SmtpCatcher, startSmtpCatcher } from './support/smtp-catcher';
import { clientHash } from './support/test-app';

// Two API nodes on one PostgreSQL behind a round-robin proxy behave as one
// (docs/operations.md#several-nodes): both start at once on an empty database (the migrations
// lock, one first start); a session made on one works on the other; a logout, a disable and a
// role change on one are seen on the other within a second; rate limits and lockouts count
// across nodes; one session per user holds under parallel sign-ins over both; a scheduled job
// runs once. A third node started while the migrations lock is held waits for it.

const onPostgres = !!process.env.TEST_DATABASE_URL;
const masterKey = crypto.randomBytes(32).toString('hex');
let smtp: SmtpCatcher;
let db: TestDatabaseServer;
let a: ServerProcess;
let b: ServerProcess;
let proxy: LoadBalancer;

/** The fields of answers this test reads. */
type Data = {
  verify_token?: string;
  user_id?: string;
  roles?: string[];
  secret?: string;
  recovery_codes?: string[];
};

type Answer = {
  status: number;
  body: { data?: Data; code?: string; status?: unknown };
  upstream: string;
  /** The session token of the authid header, if any. */
  token: string;
};

async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authid: options.token } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : {},
    upstream: response.headers.get('x-upstream') ?? base,
    token: (response.headers.get('authid') ?? '').split(';')[0]!,
  };
}

/** Milliseconds until `check` holds (polled every 20 ms, given up after `limitMs`). */
async function msUntil(check: () => Promise<boolean>, limitMs = 5000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Number.POSITIVE_INFINITY;
}

const nodeEnv = () => ({
  MASTER_KEY: masterKey,
  TRUST_PROXY: '1',
  RATE_LIMIT_OFF: '',
  SMTP_URL: smtp.url,
  LOG_LEVEL: 'warn',
});

async function sql<T>(statement: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!onPostgres) return;
  smtp = await startSmtpCatcher();
  db = await freshServerDatabase();
  // Both at once on the empty database: one migrates and seeds, the other waits for it.
  const started = await Promise.allSettled([
    startServerProcess({ databaseUrl: db.url, env: nodeEnv() }),
    startServerProcess({ databaseUrl: db.url, env: nodeEnv() }),
  ]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // Never leave the one that did start running.
    for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
    throw failed.reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [
    ServerProcess,
    ServerProcess,
  ];
  proxy = await startRoundRobinProxy([a.url, b.url]);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  for (const node of [a, b]) if (node) expect(await node.stop()).toBe(0);
  await db?.drop();
  await smtp?.close();
});

describe.runIf(onPostgres)('two nodes on one PostgreSQL', { timeout: 120_000 }, () => {
  it('started together on an empty database: migrations once, one first start', async () => {
    const applied = await sql<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    expect(applied.map((m) => m.hash).sort()).toEqual(
      buildMigrations()
        .map((m) => m.hash)
        .sort(),
    );
    expect(await sql('select code from companies')).toEqual([{ code: 'HQ' }]);
    expect((await sql('select name from signing_material order by name')).length).toBe(2);
    expect(
      await sql("select email from invitations where email = 'owner@console.test'"),
    ).toHaveLength(1);
  });

  it('a session made on one node works on the other, and through the proxy on both', async () => {
    const user = await userOn(a, { email: 'both@console.test', roles: 'plf-admin' });
    expect((await call(b.url, 'GET', '/auth/profile', { token: user.token })).status).toBe(200);
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const answer = await call(proxy.url, 'GET', '/auth/profile', { token: user.token });
      expect(answer.status).toBe(200);
      upstreams.add(answer.upstream);
    }
    expect(upstreams).toEqual(new Set([a.url, b.url]));
  });

  it('a logout, a disable and a role change on node A are seen on node B within a second', async () => {
    const owner = await userOn(a, { email: 'owner2@console.test', roles: 'plf-owner' });
    const profileOnB = (token: string) => call(b.url, 'GET', '/auth/profile', { token });
    const warm = async (token: string) => {
      // Twice: the second answer comes from node B's cache.
      for (let i = 0; i < 2; i += 1) expect((await profileOnB(token)).status).toBe(200);
    };

    const leaving = await userOn(a, { email: 'leaving@console.test', roles: 'plf-admin' });
    await warm(leaving.token);
    expect((await call(a.url, 'POST', '/auth/logout', { token: leaving.token })).status).toBe(200);
    const logoutMs = await msUntil(async () => (await profileOnB(leaving.token)).status === 401);

    const disabled = await userOn(a, { email: 'disabled@console.test', roles: 'plf-admin' });
    await warm(disabled.token);
    const id = (await profileOnB(disabled.token)).body.data?.user_id as string;
    const off = await call(a.url, 'PATCH', `/users/${id}/status`, {
      token: owner.token,
      body: { disabled: true },
    });
    expect(off.status).toBe(200);
    const disableMs = await msUntil(async () => (await profileOnB(disabled.token)).status === 401);

    const changed = await userOn(a, { email: 'changed@console.test', roles: 'plf-admin' });
    await warm(changed.token);
    const changedId = (await profileOnB(changed.token)).body.data?.user_id as string;
    const roles = await call(a.url, 'PATCH', `/users/${changedId}/roles`, {
      token: owner.token,
      body: { roles: ['mdl-viewer'] },
    });
    expect(roles.status).toBe(200);
    const roleMs = await msUntil(async () => {
      const shown = (await profileOnB(changed.token)).body.data?.roles as string[] | undefined;
      return (
        !!shown &&
        shown.some((r) => r.endsWith('mdl-viewer')) &&
        !shown.some((r) => r.endsWith('plf-admin'))
      );
    });
    const seen = JSON.stringify({ logoutMs, disableMs, roleMs });
    expect(Math.max(logoutMs, disableMs, roleMs), seen).toBeLessThan(1000);
  });

  it('rate limits and lockouts count across nodes', async () => {
    const user = await userOn(a, { email: 'limited@console.test', roles: 'plf-admin' });
    // Five code mails per account in 15 minutes: asked for on A and B in turn, the sixth is refused.
    const login = await call(a.url, 'POST', '/auth/login', {
      body: { email: user.email, password: clientHash(user.password), force: true },
    });
    const verifyToken = login.body.data?.verify_token as string;
    const sends: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const node = i % 2 === 0 ? a.url : b.url;
      sends.push(
        (await call(node, 'POST', '/auth/login/otp', { body: { verify_token: verifyToken } }))
          .status,
      );
    }
    expect(sends).toEqual([200, 200, 200, 200, 200, 429]);

    // Ten wrong passwords, five on each node: the account is locked on both.
    const locked = await userOn(a, { email: 'locked@console.test', roles: 'plf-admin' });
    for (let i = 0; i < 10; i += 1) {
      const wrong = await call(i % 2 === 0 ? a.url : b.url, 'POST', '/auth/login', {
        body: { email: locked.email, password: clientHash(`wrong ${i}`) },
      });
      expect(wrong.status).toBe(400);
    }
    for (const node of [a.url, b.url]) {
      const right = await call(node, 'POST', '/auth/login', {
        body: { email: locked.email, password: clientHash(locked.password), force: true },
      });
      expect(right.status).toBe(429);
      expect(right.body.code).toBe('auth.account_locked');
    }
  });

  it('one session per user holds under parallel sign-ins spread over both nodes', async () => {
    const user = await userOn(a, { email: 'parallel@console.test', roles: 'plf-admin' });
    const totp = await call(a.url, 'POST', '/auth/mfa', {
      token: user.token,
      body: { mode: 'totp' },
    });
    const secret = totp.body.data?.secret as string;
    const on = await call(b.url, 'POST', '/auth/mfa/verify', {
      token: user.token,
      body: { mode: 'totp', code: oathtoolTotp(secret, new Date()) },
    });
    expect(on.status).toBe(200);
    const recovery = on.body.data?.recovery_codes as string[];
    const password = clientHash(user.password);
    const steps = await Promise.all(
      [0, 1, 2, 3].map(() =>
        call(proxy.url, 'POST', '/auth/login', {
          body: { email: user.email, password, force: true },
        }),
      ),
    );
    const signIns = await Promise.all(
      steps.map((step, i) =>
        call(proxy.url, 'POST', '/auth/login/verify', {
          body: {
            verify_token: step.body.data?.verify_token,
            code: recovery[i],
            mode: 'recovery',
            force: true,
          },
        }),
      ),
    );
    expect(new Set(signIns.map((s) => s.upstream))).toEqual(new Set([a.url, b.url]));
    for (const s of signIns) expect(s.status, JSON.stringify(s.body)).toBe(200);
    const [{ n }] = await sql<{ n: number }>(
      'select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1',
      [user.email],
    );
    expect(n).toBe(1);
    // Of the four sessions handed out, exactly one still works, the same one on either node.
    const [{ hash }] = await sql<{ hash: string }>(
      'select s.token_hash as hash from sessions s join users u on u.id = s.user_id where u.email = $1',
      [user.email],
    );
    const live = signIns.filter(
      (s) => crypto.createHash('sha256').update(s.token).digest('hex') === hash,
    );
    expect(live).toHaveLength(1);
    const works = async (node: string) =>
      (
        await Promise.all(
          signIns.map(
            async (s) => (await call(node, 'GET', '/auth/profile', { token: s.token })).status,
          ),
        )
      ).filter((status) => status === 200).length;
    const settled = await msUntil(
      async () => (await works(a.url)) === 1 && (await works(b.url)) === 1,
    );
    expect(settled).toBeLessThan(1000);
  });

  it('a scheduled job runs once, not once per node', async () => {
    const ran = await msUntil(async () => {
      const rows = await sql<{ status: string }>(
        "select status from jobs where unique_key like 'jobs.cleanup:%'",
      );
      return rows.length === 1 && rows[0]!.status === 'done';
    });
    expect(ran).toBeLessThan(5000);
    const rows = await sql<{ key: string; attempts: number }>(
      "select unique_key as key, attempts from jobs where kind in ('jobs.cleanup', 'signer.retention')",
    );
    expect(rows.map((r) => r.key.split(':')[0]).sort()).toEqual([
      'jobs.cleanup',
      'signer.retention',
    ]);
    for (const row of rows) expect(row.attempts).toBe(1);
  });
});

describe.runIf(onPostgres)('the migrations lock', { timeout: 120_000 }, () => {
  it('a node starting while another holds the lock waits for it, then starts', async () => {
    const fresh = await freshServerDatabase();
    const holder = new pg.Client({ connectionString: fresh.url });
    let output = '';
    let isListening = false;
    let starting: Promise<ServerProcess> | undefined;
    try {
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
      starting = startServerProcess({
        databaseUrl: fresh.url,
        env: nodeEnv(),
        onOutput: (text) => {
          output = text;
        },
      }).then((node) => {
        isListening = true;
        return node;
      });
      try {
        // A start from source takes a while on a loaded machine: up to a minute to get there.
        const waited = await msUntil(
          async () => output.includes('Waiting for another node'),
          60_000,
        );
        expect(waited, output).toBeLessThan(60_000);
        await new Promise((r) => setTimeout(r, 1000));
        expect(isListening).toBe(false);
        const tables = await holder.query("select to_regclass('public.users') as t");
        expect(tables.rows[0].t).toBeNull();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
      }
      const node = await starting;
      expect((await call(node.url, 'GET', '/ready')).body.status).toBe('ready');
    } finally {
      await holder.end();
      const node = await starting?.catch(() => undefined);
      if (node) expect(await node.stop()).toBe(0);
      await fresh.drop();
    }
  });
});
