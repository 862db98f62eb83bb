import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { jobs } from '../src/db/schema-platform';
import { createSecretBox } from '../src/lib/crypto';
import { lockDataDir } from '../src/lib/data-dir';
import { backoffMs, createJobQueue } from '../src/lib/jobs/job-queue';
import { findRepoRoot } from '../src/lib/paths';
import { startSmtpCatcher } from './support/smtp-catcher';
import { api, createTestApp, registerUser, type TestContext } from './support/test-app';
import { openTestDatabase } from './support/test-db';

// The jobs queue in PostgreSQL (docs/architecture.md#jobs), on PGlite and on a server alike.

const box = createSecretBox(crypto.randomBytes(32));
let database: Database & { url?: string };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rowOf = async (id: number) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('jobs queue', () => {
  it('retries a failing job with growing backoff, then it succeeds', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const queue = createJobQueue({ database, box, clock: () => now });
    let calls = 0;
    queue.handle('test.flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error(`flake ${calls}`);
    });
    const id = (await queue.enqueue(database.db, 'test.flaky', {}))!;
    await queue.drain();
    const first = await rowOf(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'flake 1' });
    const firstWait = first.runAt.getTime() - now.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(0.9 * 2000);
    // Not yet due: nothing runs.
    expect(await queue.drain()).toBe(0);
    now = new Date(first.runAt.getTime() + 1);
    await queue.drain();
    const second = await rowOf(id);
    expect(second).toMatchObject({ status: 'queued', attempts: 2, lastError: 'flake 2' });
    expect(second.runAt.getTime() - now.getTime()).toBeGreaterThan(firstWait);
    now = new Date(second.runAt.getTime() + 1);
    await queue.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(calls).toBe(3);
  });

  it('ends dead with its last error after its attempts; the backoff is capped at an hour', async () => {
    let now = new Date('2026-02-01T00:00:00Z');
    const queue = createJobQueue({ database, box, clock: () => now });
    queue.handle('test.broken', async () => {
      throw new Error('SMTP said no\nsecond line with a secret');
    });
    const id = (await queue.enqueue(database.db, 'test.broken', {}, { maxAttempts: 3 }))!;
    for (let i = 0; i < 3; i += 1) {
      await queue.drain();
      now = new Date(now.getTime() + 3_600_001);
    }
    expect(await rowOf(id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'SMTP said no',
    });
    expect(backoffMs(30)).toBeLessThanOrEqual(3_600_000 * 1.1);
  });

  it('keeps a secret sealed while it waits and drops it once done', async () => {
    const queue = createJobQueue({ database, box });
    let seen: unknown;
    queue.handle('test.secret', async (job) => {
      seen = job.secret;
    });
    const id = (await queue.enqueue(
      database.db,
      'test.secret',
      { kind: 'x' },
      { secret: { code: '493817' } },
    ))!;
    const waiting = await rowOf(id);
    expect(waiting.sealed).not.toContain('493817');
    expect(JSON.stringify(waiting.payload)).not.toContain('493817');
    await queue.drain();
    expect(seen).toEqual({ code: '493817' });
    expect(await rowOf(id)).toMatchObject({ status: 'done', sealed: null });
  });

  it('a job with a unique key exists once: a scheduled run offered by two nodes runs once', async () => {
    const queue = createJobQueue({ database, box });
    let runs = 0;
    queue.handle('test.daily', async () => {
      runs += 1;
    });
    expect(
      await queue.enqueue(database.db, 'test.daily', {}, { uniqueKey: 'test.daily:20000' }),
    ).not.toBeNull();
    expect(
      await queue.enqueue(database.db, 'test.daily', {}, { uniqueKey: 'test.daily:20000' }),
    ).toBeNull();
    await queue.drain();
    expect(runs).toBe(1);
  });

  it('two nodes on one database run each of 40 jobs exactly once', async () => {
    // On PostgreSQL the second node has connections of its own; PGlite is one process, one database.
    const other = database.url
      ? await openDatabase({ databaseUrl: database.url, poolSize: 3 })
      : database;
    try {
      const ran: number[] = [];
      const nodes = [
        createJobQueue({ database, box, pollMs: 20 }),
        createJobQueue({ database: other, box, pollMs: 20 }),
      ];
      for (const [n, queue] of nodes.entries()) {
        queue.handle('test.once', async (job) => {
          ran.push(job.payload.n as number);
          await new Promise((resolve) => setTimeout(resolve, 5 + n));
        });
      }
      for (let n = 0; n < 40; n += 1) await nodes[0]!.enqueue(database.db, 'test.once', { n });
      await Promise.all(nodes.map((q) => q.start()));
      const deadline = Date.now() + 30_000;
      while (ran.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await Promise.all(nodes.map((q) => q.stop()));
      expect(ran.sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    } finally {
      if (other !== database) await other.close();
    }
  });
});

describe('drain', () => {
  it('returns while the started worker keeps claiming (it never waits on nothing)', async () => {
    // A worker polling every millisecond is often in the middle of a claim when drain looks.
    const queue = createJobQueue({ database, box, pollMs: 1 });
    let ran = 0;
    queue.handle('test.drain', async () => {
      ran += 1;
    });
    await queue.start();
    try {
      for (let round = 0; round < 200; round += 1) {
        if (round % 20 === 0) await queue.enqueue(database.db, 'test.drain', { round });
        let timer: NodeJS.Timeout | undefined;
        const isHung = await Promise.race([
          queue.drain().then(() => false),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(true), 2000);
          }),
        ]);
        clearTimeout(timer);
        expect(isHung, `drain ${round} did not return`).toBe(false);
      }
      expect(ran).toBe(10);
    } finally {
      await queue.stop();
    }
  });
});

describe('a job survives its node being killed', () => {
  it('SIGKILL mid-job: after the lease runs out another node claims it and finishes it', {
    timeout: 90_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-jobs-'));
    const serverDb = database.url ? await openDatabase({ databaseUrl: database.url }) : undefined;
    let own = serverDb;
    try {
      if (!own) {
        own = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
        await own.migrate();
      }
      const queue = createJobQueue({ database: own, box });
      const id = (await queue.enqueue(own.db, 'test.slow', {}))!;
      if (!serverDb) await own.close();

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/server/test/support/job-child.ts'],
        {
          cwd: findRepoRoot(),
          env: {
            ...process.env,
            JOB_DATA_DIR: dataDir,
            JOB_DATABASE_URL: database.url ?? '',
            JOB_LEASE_MS: '1000',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout!.on('data', (c: Buffer) => {
        output += c.toString();
      });
      child.stderr!.on('data', (c: Buffer) => {
        output += c.toString();
      });
      const deadline = Date.now() + 45_000;
      while (!output.includes('started') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(output).toContain('started');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // The folder's lock is stale now; the database opens again with the job still running.
      let after = serverDb;
      if (!after) {
        lockDataDir(dataDir, 'server');
        after = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
      }
      const [running] = await after.db.select().from(jobs).where(eq(jobs.id, id));
      expect(running).toMatchObject({ status: 'running', attempts: 1 });
      const rescuer = createJobQueue({ database: after, box });
      let isFinished = false;
      rescuer.handle('test.slow', async () => {
        isFinished = true;
      });
      // Its lease (1 s) runs out on its own; the job is then claimed here.
      await new Promise((r) => setTimeout(r, 1200));
      expect(await rescuer.drain()).toBe(1);
      expect(isFinished).toBe(true);
      const [done] = await after.db.select().from(jobs).where(eq(jobs.id, id));
      expect(done).toMatchObject({ status: 'done', attempts: 2 });
      if (!serverDb) await after.close();
    } finally {
      await serverDb?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('mail through the queue', () => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx?.close();
  });

  it('a request does not wait for a mail server that is down; the mail is retried and arrives once it is up', {
    timeout: 60_000,
  }, async () => {
    // A port nothing listens on yet; the SMTP catcher starts on it later.
    const probe = await startSmtpCatcher();
    const port = new URL(probe.url).port;
    await probe.close();
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMIT_OFF: '1' });
    const user = await registerUser(ctx, { email: 'late-mail@example.com' });
    const started = Date.now();
    const response = await api(ctx, 'POST', '/auth/reset_password', { email: user.email, ip: '' });
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // The delivery fails and the job waits for its retry with the error.
    const deadline = Date.now() + 20_000;
    let job = (await ctx.database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'))).at(-1);
    while (!job?.lastError && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await ctx.database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'))).at(-1);
    }
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toMatch(/ECONNREFUSED/);
    // The mail server comes up; the retry delivers the mail.
    const smtp = await startSmtpCatcher({ port: Number(port) });
    try {
      ctx.advance(60_000);
      await ctx.app.jobs.drain();
      const mail = await smtp.waitForMail((m) => m.to.includes(user.email));
      expect(mail.subject).toMatch(/password/i);
      const [done] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
      expect(done).toMatchObject({ status: 'done', attempts: 2, sealed: null });
    } finally {
      await smtp.close();
    }
  });
});
