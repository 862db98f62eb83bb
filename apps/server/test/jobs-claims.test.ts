import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { jobs } from '../src/db/schema-platform';
import { createSecretBox } from '../src/lib/crypto';
import { createJobQueue } from '../src/lib/jobs/job-queue';
import { openTestDatabase } from './support/test-db';

// When the jobs queue claims (docs/architecture.md#jobs): a wake-up during a claim, a backlog
// beyond the slots, a claim that fails, and no claim a finished job does not need.

const box = createSecretBox(crypto.randomBytes(32));
let database: Database & { url?: string };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const doneCount = async (kind: string) =>
  (await database.db.select().from(jobs).where(eq(jobs.kind, kind))).filter(
    (row) => row.status === 'done',
  ).length;

describe('jobs queue claims', () => {
  it('a job announced while a claim is running is claimed when that claim ends, not at the next poll', async () => {
    // The job is queued before the worker starts but not yet due; the worker's first claim looks
    // at T. While that claim is in flight the clock reaches the job's time and its notification
    // arrives: the worker must look again at once rather than wait a poll of a minute.
    const t = new Date('2026-03-01T00:00:00Z');
    let now = t;
    let notify: (() => void) | undefined;
    const listening: Database = {
      ...database,
      listen: (channel, onMessage, onLost) => {
        notify = () => onMessage('');
        return database.listen(channel, onMessage, onLost);
      },
    };
    let isFirstClaim = true;
    const clock = () => {
      if (isFirstClaim) {
        isFirstClaim = false;
        // Runs after the claim has been sent and before its answer can come back.
        queueMicrotask(() => {
          now = new Date(t.getTime() + 10_000);
          notify!();
        });
      }
      return now;
    };
    const queue = createJobQueue({ database: listening, box, clock, pollMs: 60_000 });
    let ranAt = 0;
    queue.handle('test.woken', async () => {
      ranAt = Date.now();
    });
    await queue.enqueue(database.db, 'test.woken', {}, { runAt: new Date(t.getTime() + 10_000) });
    const startedAt = Date.now();
    await queue.start();
    try {
      await expect.poll(() => ranAt, { timeout: 5000, interval: 20 }).toBeGreaterThan(0);
      expect(ranAt - startedAt).toBeLessThan(5000);
    } finally {
      await queue.stop();
    }
  });

  it('jobs waiting beyond the free slots run as slots free up, without waiting for a poll', async () => {
    // Queued before the worker starts: no notification will come, and the poll is a minute away.
    const queue = createJobQueue({ database, box, pollMs: 60_000, concurrency: 2 });
    const ran: number[] = [];
    queue.handle('test.backlog', async (job) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ran.push(job.payload.n as number);
    });
    for (let n = 0; n < 6; n += 1) await queue.enqueue(database.db, 'test.backlog', { n });
    await queue.start();
    try {
      await expect.poll(() => ran.length, { timeout: 10_000, interval: 20 }).toBe(6);
    } finally {
      await queue.stop();
    }
  });

  it('a claim that fails with jobs waiting: they run as the running ones end, without a poll', async () => {
    // The second statement (the claim for the second slot) fails, as when a connection drops.
    let updates = 0;
    const flaky: Database = {
      ...database,
      db: new Proxy(database.db, {
        get(target, key, receiver) {
          if (key === 'update' && ++updates === 2) throw new Error('connection lost');
          return Reflect.get(target, key, receiver);
        },
      }),
    };
    const logged: string[] = [];
    const queue = createJobQueue({
      database: flaky,
      box,
      pollMs: 60_000,
      concurrency: 2,
      log: (line) => logged.push(line),
    });
    const ran: number[] = [];
    queue.handle('test.after-failure', async (job) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ran.push(job.payload.n as number);
    });
    for (let n = 0; n < 4; n += 1) await queue.enqueue(database.db, 'test.after-failure', { n });
    await queue.start();
    try {
      await expect.poll(() => ran.length, { timeout: 10_000, interval: 20 }).toBe(4);
      expect(logged).toEqual(['[jobs] claiming failed: connection lost']);
    } finally {
      await queue.stop();
    }
  });

  it('a job that ends with nothing else due makes no further claim (one statement fewer a mail)', async () => {
    let updates = 0;
    const counted: Database = {
      ...database,
      db: new Proxy(database.db, {
        get(target, key, receiver) {
          if (key === 'update') updates += 1;
          return Reflect.get(target, key, receiver);
        },
      }),
    };
    const queue = createJobQueue({ database: counted, box, pollMs: 60_000, concurrency: 2 });
    queue.handle('test.alone', async () => {});
    await queue.start();
    try {
      await expect.poll(() => updates, { timeout: 5000, interval: 10 }).toBe(1);
      const before = updates;
      await queue.enqueue(database.db, 'test.alone', {});
      await expect.poll(() => doneCount('test.alone'), { timeout: 5000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The claim that took it, the claim for the second slot that found nothing, its "done".
      expect(updates - before).toBe(3);
    } finally {
      await queue.stop();
    }
  });
});
