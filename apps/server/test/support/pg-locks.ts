import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../src/db/client';

// Holding a lock from a transaction of the test's own and waiting until a request queues behind
// it: how a test puts two requests' transactions in a chosen interleaving. Needs a second
// connection, so only the PostgreSQL server (TEST_DATABASE_URL) can run such tests.

/**
 * Runs `take` in a transaction of its own and keeps that transaction open until `release()`;
 * `run` does more work in it meanwhile.
 */
export async function holdInTransaction(db: Db, take: (tx: Tx) => Promise<unknown>) {
  type Step = { work: (tx: Tx) => Promise<unknown>; settle: (error?: unknown) => void };
  const steps: Step[] = [];
  let isReleased = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  let taken!: () => void;
  const isTaken = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const done = db.transaction(async (tx) => {
    await take(tx);
    taken();
    for (;;) {
      const step = steps.shift();
      if (step) {
        try {
          await step.work(tx);
          step.settle();
        } catch (error) {
          step.settle(error);
          throw error;
        }
      } else if (isReleased) {
        return;
      } else {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
  });
  await Promise.race([isTaken, done]);
  return {
    done,
    release() {
      isReleased = true;
      poke();
    },
    run(work: (tx: Tx) => Promise<unknown>) {
      return new Promise<void>((resolve, reject) => {
        steps.push({ work, settle: (error) => (error === undefined ? resolve() : reject(error)) });
        poke();
      });
    },
  };
}

type LockType = 'advisory' | 'transactionid' | 'tuple';

/** Resolves once at least `count` backends of this database wait for a lock of these types
 * (other test files run beside this one on databases of their own). */
export async function waitersOn(db: Db, locktypes: LockType | LockType[], count = 1) {
  const types = [locktypes].flat();
  for (let i = 0; i < 500; i++) {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_locks where locktype in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )}) and not granted
        and pid in (select pid from pg_stat_activity where datname = current_database())`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} backends wait on a ${types.join(' or ')} lock`);
}
