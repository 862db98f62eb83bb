import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { recordAudit, verifyAuditChain } from '../src/features/audit/audit-service';
import { holdInTransaction } from './support/pg-locks';
import { openTestDatabase } from './support/test-db';

// The chain's append at the end of the change's transaction (docs/architecture.md#audit-append):
// events commit or roll back with their change, a rolled-back savepoint takes its events with it,
// and the chain lock is not held while the rest of a transaction runs.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const db = () => database.db;
const targets = async () =>
  (await db().select().from(auditEvents).orderBy(asc(auditEvents.id))).map((e) => e.target);
const event = (target: string) =>
  ({ action: 'company.create', result: 'success', actorEmail: 'system', target }) as const;

describe('audit events written at the end of their transaction', () => {
  it('are written in the order recorded, with the change, and the chain holds', async () => {
    await db().transaction(async (tx) => {
      await recordAudit(tx, event('order:1'));
      await recordAudit(tx, event('order:2'));
      // Not yet in the table: they are appended just before the commit.
      expect((await tx.select().from(auditEvents)).map((e) => e.target)).not.toContain('order:1');
    });
    await recordAudit(db(), event('order:3'));
    expect((await targets()).filter((t) => t.startsWith('order:'))).toEqual([
      'order:1',
      'order:2',
      'order:3',
    ]);
    expect(await verifyAuditChain(db())).toMatchObject({ isValid: true });
  });

  // The time is hashed as PostgreSQL formats it (migration 0015): in UTC whatever the session's
  // time zone, as verification reads it back.
  it('chains events appended in a session of another time zone', async () => {
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kathmandu'`);
      await recordAudit(tx, event('zone:kathmandu'));
    });
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, 'zone:kathmandu'));
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await verifyAuditChain(db())).toMatchObject({ isValid: true });
  });

  it('a transaction that fails writes none of its events', async () => {
    await expect(
      db().transaction(async (tx) => {
        await recordAudit(tx, event('failed:1'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await targets()).not.toContain('failed:1');
  });

  it('a rolled-back savepoint drops its events; the rest of the transaction keeps theirs', async () => {
    await db().transaction(async (tx) => {
      await recordAudit(tx, event('savepoint:before'));
      await tx
        .transaction(async (inner) => {
          await recordAudit(inner, event('savepoint:inside'));
          throw new Error('inner change failed');
        })
        .catch(() => {});
      await tx.transaction((inner) => recordAudit(inner, event('savepoint:kept')));
    });
    const written = (await targets()).filter((t) => t.startsWith('savepoint:'));
    expect(written).toEqual(['savepoint:before', 'savepoint:kept']);
    expect(await verifyAuditChain(db())).toMatchObject({ isValid: true });
  });

  it('an event without actor, company, target or address stores them empty, and the chain holds', async () => {
    await recordAudit(db(), { action: 'company.create', result: 'failure' });
    const [row] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.result, 'failure'))
      .orderBy(asc(auditEvents.id));
    expect(row).toMatchObject({
      actorUserId: null,
      actorEmail: '',
      companyId: null,
      target: '',
      ip: '',
      detail: {},
    });
    expect(await verifyAuditChain(db())).toMatchObject({ isValid: true });
  });

  it('refuses a transaction that would not append before its commit (one not opened through openDatabase)', async () => {
    // The driver's own transaction, without the end-of-transaction work withBeforeCommit adds.
    type Run = (tx: Parameters<typeof recordAudit>[0]) => Promise<void>;
    const rawTransaction = Object.getPrototypeOf(db()).transaction as (run: Run) => Promise<void>;
    await expect(
      rawTransaction.call(db(), (tx) => recordAudit(tx, event('raw:1'))),
    ).rejects.toThrow('recordAudit: a transaction not opened through openDatabase');
    expect(await targets()).not.toContain('raw:1');
  });

  it('pages through the chain: every event is checked whatever the page size', async () => {
    await recordAudit(db(), event('page:1'));
    const total = (await targets()).length;
    expect(total).toBeGreaterThan(3);
    for (const pageSize of [1, 2, total, total + 1]) {
      expect(await verifyAuditChain(db(), pageSize)).toEqual({ isValid: true, count: total });
    }
  });

  // A second connection is needed to see one transaction not wait for another: PostgreSQL only.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'a transaction still running after its record does not hold the chain lock',
    async () => {
      const slow = await holdInTransaction(db(), (tx) => recordAudit(tx, event('lock:slow')));
      // Another audited change commits at once, while the first is still open.
      await Promise.race([
        recordAudit(db(), event('lock:quick')),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('blocked by the chain lock')), 5_000),
        ),
      ]);
      slow.release();
      await slow.done;
      const written = (await targets()).filter((t) => t.startsWith('lock:'));
      expect(written).toEqual(['lock:quick', 'lock:slow']);
      expect(await verifyAuditChain(db())).toMatchObject({ isValid: true });
    },
  );

  // The lock and the chain's head are one statement (migrations 0014 and 0015): the head must be read after
  // the lock is granted, or two appends waiting on each other would chain to the same event.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'appends racing on several connections chain one after another',
    async () => {
      const before = (await targets()).length;
      await Promise.all(
        Array.from({ length: 24 }, (_, i) => recordAudit(db(), event(`race:${i}`))),
      );
      expect((await targets()).length).toBe(before + 24);
      expect(await verifyAuditChain(db())).toMatchObject({ isValid: true });
    },
  );
});

describe('a chain with more breaks than the verdict lists', () => {
  let own: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    own = await openTestDatabase();
  });
  afterAll(async () => {
    await own.close();
  });

  it('lists the first 1,000 breaks and still counts every event', async () => {
    const before = await own.db.select().from(auditEvents);
    const createdAt = new Date('2026-01-02T03:04:05.678Z');
    // 1,001 events each pointing to a previous hash that is not the one before it.
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      createdAt,
      action: 'company.create',
      target: `forged:${i}`,
      result: 'success',
      prevHash: `${i}`.padStart(64, 'f'),
      hash: `${i}`.padStart(64, 'e'),
    }));
    await own.db.insert(auditEvents).values(rows);
    const verdict = await verifyAuditChain(own.db);
    expect(verdict.isValid).toBe(false);
    if (verdict.isValid) return;
    expect(verdict.count).toBe(before.length + 1001);
    // Two breaks per forged event (its link and its content), the first 1,000 listed.
    expect(verdict.breaks).toHaveLength(1000);
    const [first] = await own.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, 'forged:0'));
    expect(verdict.brokenId).toBe(first!.id);
    expect(verdict.breaks.slice(0, 2)).toEqual([
      { id: first!.id, reason: 'previous hash does not match' },
      { id: first!.id, reason: 'content does not match its hash' },
    ]);
  });
});
