import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema-platform';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  sealed?: string | null;
  runAt?: Date;
  uniqueKey?: string;
  maxAttempts?: number;
};

/** Inserts a job; with a unique key already present, nothing (and returns null). */
export async function insertJob(db: DbOrTx, job: NewJob): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      sealed: job.sealed ?? null,
      runAt: job.runAt,
      uniqueKey: job.uniqueKey,
      maxAttempts: job.maxAttempts,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * Claims the next due job of the given kinds: a queued one whose time has come, or a running
 * one whose lease ran out (its node died). SKIP LOCKED keeps two nodes off the same row.
 */
export async function claimNextJob(
  db: DbOrTx,
  claim: { kinds: string[]; nodeId: string; now: Date; leaseMs: number },
): Promise<JobRow | null> {
  if (claim.kinds.length === 0) return null;
  const until = new Date(claim.now.getTime() + claim.leaseMs);
  // One statement: the claimed row comes back whole (a claim is a round trip per mail sent).
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: claim.nodeId,
      lockedUntil: until,
    })
    .where(
      sql`${jobs.id} = (
          select id from jobs
          where kind in (${sql.join(
            claim.kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((status = 'queued' and run_at <= ${claim.now})
              or (status = 'running' and locked_until < ${claim.now}))
          order by run_at, id
          limit 1
          for update skip locked)`,
    )
    .returning();
  return job ?? null;
}

/** Pushes the lease of a job this node still runs. */
export async function renewLease(db: DbOrTx, id: number, nodeId: string, until: Date) {
  await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, nodeId), eq(jobs.status, 'running')));
}

/** Done: the sealed payload (secrets) is dropped once it has served. */
export async function markJobDone(db: DbOrTx, id: number, now: Date) {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, sealed: null, lockedBy: null, lockedUntil: null })
    .where(eq(jobs.id, id));
}

export async function markJobRetry(db: DbOrTx, id: number, runAt: Date, error: string) {
  await db
    .update(jobs)
    .set({ status: 'queued', runAt, lastError: error, lockedBy: null, lockedUntil: null })
    .where(eq(jobs.id, id));
}

/** Dead: no more attempts. The sealed payload stays, so an operator can retry it. */
export async function markJobDead(db: DbOrTx, id: number, now: Date, error: string) {
  await db
    .update(jobs)
    .set({ status: 'dead', finishedAt: now, lastError: error, lockedBy: null, lockedUntil: null })
    .where(eq(jobs.id, id));
}

/** A dead job queued again with a fresh count of attempts. */
export async function requeueJob(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: now, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function listJobs(db: DbOrTx, statuses: string[], limit = 100) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      runAt: jobs.runAt,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(inArray(jobs.status, statuses))
    .orderBy(desc(jobs.createdAt), asc(jobs.id))
    .limit(limit);
}

/** Finished jobs older than `before` are removed (done ones only; dead ones wait for a person). */
export async function deleteDoneJobs(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), sql`${jobs.finishedAt} < ${before}`))
    .returning({ id: jobs.id });
  return rows.length;
}
