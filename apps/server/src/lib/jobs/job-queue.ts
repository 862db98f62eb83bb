import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database, DbOrTx } from '../../db/client';
import type { SecretBox } from '../crypto';
import {
  claimNextJob,
  insertJob,
  type JobRow,
  markJobDead,
  markJobDone,
  markJobRetry,
  renewLease,
} from './jobs-repo';

// Background work in PostgreSQL (docs/architecture.md#jobs): PGlite and a server alike, a job
// runs on one node at a time (FOR UPDATE SKIP LOCKED), survives a restart (a lapsed lease is
// claimed again), retries with exponential backoff and ends "dead" with its last error.

export type JobContext<P> = {
  id: number;
  payload: P;
  /** The sealed part of the payload, opened (a mail's code or link). */
  secret: unknown;
  attempt: number;
  /** Set when the node is shutting down: a long job may stop early and be retried. */
  signal: AbortSignal;
};

type JobHandler = (job: JobContext<Record<string, unknown>>) => Promise<void>;

type EnqueueOptions = {
  /** Kept sealed under the master key, opened only by the handler. */
  secret?: unknown;
  runAt?: Date;
  /** At most one job with this key ever (a day's scheduled run). */
  uniqueKey?: string;
  maxAttempts?: number;
};

export type JobQueue = {
  enqueue(
    db: DbOrTx,
    kind: string,
    payload: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<number | null>;
  handle(kind: string, handler: JobHandler): void;
  /** Starts claiming jobs (on LISTEN notifications and every `pollMs`). */
  start(): Promise<void>;
  /**
   * Stops claiming and waits for the jobs in hand; after `graceMs` they are told to stop (their
   * signal aborts) and are retried later, here or on another node.
   */
  stop(graceMs?: number): Promise<void>;
  /** Runs due jobs until none is left (tests and admin commands). */
  drain(): Promise<number>;
  nodeId: string;
};

export type JobQueueOptions = {
  database: Database;
  box: SecretBox;
  clock?: () => Date;
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
  log?: (line: string) => void;
  /** Told of each job's end on this node: done, failed with a retry to come, or dead. */
  onFinished?: (kind: string, outcome: 'done' | 'retry' | 'dead', seconds: number) => void;
};

/** 2^attempt seconds, at most an hour, with a little jitter so nodes do not retry in step. */
export const backoffMs = (attempt: number) =>
  Math.min(3_600_000, 1000 * 2 ** Math.min(attempt, 12)) * (0.9 + Math.random() * 0.2);

/** An error's first line, without values that could be secrets (mail bodies, tokens). */
const errorLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, box } = options;
  const db = database.db;
  const clock = options.clock ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const concurrency = options.concurrency ?? 2;
  const log = options.log ?? (() => {});
  const nodeId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let isStarted = false;
  let isStopping = false;

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    const startedAt = performance.now();
    const finished = (outcome: 'done' | 'retry' | 'dead') =>
      options.onFinished?.(job.kind, outcome, (performance.now() - startedAt) / 1000);
    const heartbeat = setInterval(
      () => void renewLease(db, job.id, nodeId, new Date(clock().getTime() + leaseMs)),
      Math.max(1000, leaseMs / 3),
    );
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const secret = job.sealed ? JSON.parse(box.open(job.sealed)) : null;
      await handler({
        id: job.id,
        payload: job.payload,
        secret,
        attempt: job.attempts,
        signal: abort.signal,
      });
      await markJobDone(db, job.id, clock());
      finished('done');
    } catch (error) {
      const message = errorLine(error);
      if (job.attempts >= job.maxAttempts) {
        await markJobDead(db, job.id, clock(), message);
        finished('dead');
        log(
          `[jobs] ${job.kind} #${job.id} failed for good after ${job.attempts} attempts: ${message}`,
        );
      } else {
        const runAt = new Date(clock().getTime() + backoffMs(job.attempts));
        await markJobRetry(db, job.id, runAt, message);
        finished('retry');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * The last claim stopped because every slot was busy, so due jobs may be waiting: a finished
   * job claims again. When the last claim found nothing, a new job's notification (or the poll)
   * wakes the worker instead, and a finished job costs no claim (a mail is one fewer statement).
   */
  let isBacklogged = false;
  /** Claims and starts jobs while slots are free; returns how many it started. */
  async function fill(): Promise<number> {
    let started = 0;
    isBacklogged = false;
    while (!isStopping && running.size < concurrency) {
      const job = await claimNextJob(db, {
        kinds: [...handlers.keys()],
        nodeId,
        now: clock(),
        leaseMs,
      });
      if (!job) return started;
      // Never a rejected task: a job whose bookkeeping fails (the pool closing under it) is
      // logged, not an unhandled rejection that ends the process.
      const task = run(job)
        .catch((error: unknown) => log(`[jobs] ${job.kind} #${job.id}: ${errorLine(error)}`))
        .finally(() => {
          running.delete(task);
          if (isStarted && isBacklogged) void tick();
        });
      running.add(task);
      started += 1;
    }
    isBacklogged = !isStopping;
    return started;
  }

  /** The worker's claim in progress, if any (drain waits for it, not to miss its job). */
  let ticking: Promise<void> | undefined;
  /** A wake-up (a notification, a slot set free) came while a claim ran: that claim may have
   * looked before the new job was there, so claim once more when it ends. */
  let isWokenDuringClaim = false;
  function tick(): Promise<void> {
    if (isStopping) return ticking ?? Promise.resolve();
    if (ticking !== undefined) {
      isWokenDuringClaim = true;
      return ticking;
    }
    isWokenDuringClaim = false;
    ticking = fill()
      .then(() => {})
      .catch((error: unknown) => {
        log(`[jobs] claiming failed: ${errorLine(error)}`);
        // Jobs may be waiting that the failed claim did not take: a running job's end claims.
        isBacklogged = !isStopping;
      })
      .finally(() => {
        ticking = undefined;
        if (isWokenDuringClaim && isStarted) void tick();
      });
    return ticking;
  }

  return {
    nodeId,
    async enqueue(target, kind, payload, enqueueOptions = {}) {
      const sealed =
        enqueueOptions.secret === undefined
          ? null
          : box.seal(JSON.stringify(enqueueOptions.secret));
      return insertJob(target, {
        kind,
        payload,
        sealed,
        runAt: enqueueOptions.runAt ?? clock(),
        uniqueKey: enqueueOptions.uniqueKey,
        maxAttempts: enqueueOptions.maxAttempts,
      });
    },
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    async start() {
      if (isStarted) return;
      isStarted = true;
      stopListening = await database.listen(
        'tkc_jobs',
        () => void tick(),
        () => {},
      );
      timer = setInterval(() => void tick(), pollMs);
      void tick();
    },
    async stop(graceMs = 10_000) {
      isStopping = true;
      if (timer) clearInterval(timer);
      await stopListening?.();
      // A claim in flight may still start a job: wait for it, so that job is waited for too.
      await ticking;
      const settled = Promise.allSettled([...running]);
      let grace: NodeJS.Timeout | undefined;
      const isLate = await Promise.race([
        settled.then(() => false),
        new Promise<boolean>((resolve) => {
          grace = setTimeout(() => resolve(true), graceMs);
        }),
      ]);
      clearTimeout(grace);
      if (isLate) {
        abort.abort();
        await settled;
      }
    },
    async drain() {
      let total = 0;
      for (;;) {
        // The worker may be claiming a job (woken by its notification): wait for that claim first.
        await ticking;
        const started = await fill();
        total += started;
        if (running.size > 0) await Promise.race(running);
        else if (started === 0 && ticking === undefined) return total;
        // (Racing an empty list would wait for ever: nothing running and a claim just begun loops.)
      }
    },
  };
}
