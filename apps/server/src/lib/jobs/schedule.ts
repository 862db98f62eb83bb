import type { DbOrTx } from '../../db/client';
import type { JobQueue } from './job-queue';

/**
 * Work that recurs (retention, clean-ups): every node offers the period's job under one unique
 * key, so it runs once per period however many nodes there are.
 */
export function scheduleRecurring(
  queue: JobQueue,
  db: DbOrTx,
  job: { kind: string; periodMs: number; clock: () => Date },
): () => void {
  const offer = () => {
    const period = Math.floor(job.clock().getTime() / job.periodMs);
    void queue
      .enqueue(db, job.kind, { period }, { uniqueKey: `${job.kind}:${period}`, maxAttempts: 3 })
      .catch(() => {});
  };
  offer();
  const timer = setInterval(offer, Math.min(job.periodMs, 10 * 60_000));
  timer.unref();
  return () => clearInterval(timer);
}
