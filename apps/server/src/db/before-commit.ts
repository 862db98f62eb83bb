import type { Db, DbOrTx } from './client';

// Work that belongs to a transaction but should run at its very end, just before the commit
// (docs/architecture.md#audit-append): the audit chain's append, whose lock serialises every
// audited write on every node. Taken at the end, the lock is held for one statement and the
// commit, not for the whole of the change. Savepoints keep their meaning: what a rolled-back
// savepoint deferred is dropped with it.

export type DeferredKind<T> = {
  /** Runs once per transaction with everything deferred in it, in order, before the commit. */
  flush: (tx: DbOrTx, items: T[]) => Promise<void>;
};

type Pending = Map<DeferredKind<unknown>, unknown[]>;

const pendingOf = new WeakMap<object, Pending>();

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };
type TransactionFn = <R>(run: (tx: DbOrTx) => Promise<R>, config?: unknown) => Promise<R>;

/** Adds `item` to the end-of-transaction work of `tx`; false when `tx` is not a transaction. */
export function defer<T>(tx: DbOrTx, kind: DeferredKind<T>, item: T): boolean {
  const pending = pendingOf.get(tx);
  if (!pending) return false;
  const items = pending.get(kind as DeferredKind<unknown>) ?? [];
  items.push(item);
  pending.set(kind as DeferredKind<unknown>, items);
  return true;
}

/** Makes every transaction of `db` (and every savepoint inside one) run its deferred work. */
export function withBeforeCommit(db: Db): Db {
  const outer = (db as unknown as { transaction: TransactionFn }).transaction.bind(db);
  const transaction: TransactionFn = (run, config) =>
    outer(async (tx) => {
      const pending: Pending = new Map();
      track(tx, pending);
      const result = await run(tx);
      for (const [kind, items] of pending) if (items.length > 0) await kind.flush(tx, items);
      return result;
    }, config);
  (db as unknown as { transaction: TransactionFn }).transaction = transaction;
  return db;
}

/** Registers `tx` (and, through its `transaction`, its savepoints) with the pending work. */
function track(tx: DbOrTx, pending: Pending) {
  pendingOf.set(tx, pending);
  const savepoint = (tx as unknown as { transaction: TransactionFn }).transaction.bind(tx);
  (tx as unknown as Transactional).transaction = ((run, config) =>
    savepoint(async (inner) => {
      track(inner, pending);
      const marks = new Map([...pending].map(([kind, items]) => [kind, items.length]));
      try {
        return await run(inner);
      } catch (error) {
        for (const [kind, items] of pending) items.length = marks.get(kind) ?? 0;
        throw error;
      }
    }, config)) as TransactionFn;
}
