import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../src/db/client';

// Holding a lock from a transaction of the test's own and waiting until a request queues behind
// it: how a test puts two requests' transactions in a chosen interleaving. Needs a second
// connection, so only the PostgreSQL server (TEST_DATABASE_URL) can run such tests.

/** Runs `take` in a transaction of its own and keeps that transaction open until `release()`. */
export async function holdInTransaction(db: Db, take: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let taken!: () => void;
  const isTaken = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const done = db.transaction(async (tx) => {
    await take(tx);
    taken();
    await gate;
  });
  await Promise.race([isTaken, done]);
  return { release, done };
}

type LockType = 'advisory' | 'transactionid' | 'tuple';

/** Resolves once at least `count` backends wait for a lock of these types. */
export async function waitersOn(db: Db, locktypes: LockType | LockType[], count = 1) {
  const types = [locktypes].flat();
  for (let i = 0; i < 500; i++) {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_locks where locktype in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )}) and not granted`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} backends wait on a ${types.join(' or ')} lock`);
}
