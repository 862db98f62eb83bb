import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { seedWorld, type World } from './support/management-fixture';
import { api, clientHash, createTestApp, type TestContext } from './support/test-app';

// A change to any column of any stored audit event is found by the chain check
// (docs/security.md#audit-chain): each column of audit_events is changed in the database in turn,
// GET /audit/verify (the check `npm run admin -- audit-verify` runs) must name the event, and the
// chain holds again once the value is put back. The list of columns is read from the database, so
// a column added later without a row here fails the test.

let ctx: TestContext;
let w: World;
let victimId: number;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  w = await seedWorld(ctx);
  // Events with every column filled, and more after them: a failed sign-in from an address.
  const wrong = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: '203.0.113.7',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: w.acmeUser.email, password: clientHash('guess') }),
  });
  expect(wrong.statusCode).toBe(400);
  await api(ctx, 'PATCH', `/companies/${w.ids.ACME}`, { name: 'Acme' }, { token: w.padmin.token });
  const events = await ctx.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
  const victim = events.find((e) => e.action === 'auth.login.password')!;
  expect(victim).toMatchObject({ result: 'failure', ip: '203.0.113.7' });
  expect(victim.actorUserId).not.toBeNull();
  expect(victim.companyId).not.toBeNull();
  expect(events.at(-1)!.id).toBeGreaterThan(victim.id);
  victimId = victim.id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const verify = async () => {
  const response = await api(ctx, 'GET', '/audit/verify', undefined, { token: w.owner.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { is_valid: boolean; broken_id: number | null; reason: string };
};

const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

type Tamper = {
  /** What is done to the event; returns how to put it back. */
  change: (id: number) => Promise<() => Promise<unknown>>;
  /** The event the check names first, and why. */
  brokenAt: (id: number) => Promise<number> | number;
  reason: string;
};

/** Sets one column of the event to `value` (SQL), returning the undo. */
const setColumn =
  (column: string, value: ReturnType<typeof sql>): Tamper['change'] =>
  async (id) => {
    const before = await run(
      sql`select ${sql.identifier(column)}::text as v from audit_events where id = ${id}`,
    );
    const original = (before as unknown as { rows: { v: string | null }[] }).rows[0]!.v;
    await run(sql`update audit_events set ${sql.identifier(column)} = ${value} where id = ${id}`);
    return () =>
      run(sql`update audit_events set ${sql.identifier(column)} = ${original} where id = ${id}`);
  };

const CONTENT = 'content does not match its hash';
const LINK = 'previous hash does not match';
const nextId = async (id: number) => {
  const [next] = await ctx.database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(sql`${auditEvents.id} > ${id}`)
    .orderBy(asc(auditEvents.id))
    .limit(1);
  return next!.id;
};

const TAMPERS: Record<string, Tamper> = {
  // Moved to the end of the log: the event that followed it no longer links to its predecessor.
  id: {
    change: async (id) => {
      await run(
        sql`update audit_events set id = (select max(id) + 1 from audit_events) where id = ${id}`,
      );
      const [moved] = await ctx.database.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .orderBy(sql`${auditEvents.id} desc`)
        .limit(1);
      return () => run(sql`update audit_events set id = ${id} where id = ${moved!.id}`);
    },
    brokenAt: nextId,
    reason: LINK,
  },
  created_at: {
    change: setColumn('created_at', sql`created_at + interval '1 second'`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
  actor_user_id: {
    change: setColumn('actor_user_id', sql`gen_random_uuid()`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
  actor_email: {
    change: setColumn('actor_email', sql`'someone.else@acme.test'`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
  company_id: {
    change: setColumn('company_id', sql`(select id from companies where code = 'BETA')`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
  action: {
    change: setColumn('action', sql`'auth.logout'`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
  target: {
    change: setColumn('target', sql`'user:00000000-0000-0000-0000-000000000000'`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
  ip: { change: setColumn('ip', sql`'10.0.0.1'`), brokenAt: (id) => id, reason: CONTENT },
  result: { change: setColumn('result', sql`'success'`), brokenAt: (id) => id, reason: CONTENT },
  detail: {
    change: setColumn('detail', sql`'{"reason":"nothing to see"}'::jsonb`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
  prev_hash: {
    change: setColumn('prev_hash', sql`repeat('0', 64)`),
    brokenAt: (id) => id,
    reason: LINK,
  },
  hash: {
    change: setColumn('hash', sql`repeat('f', 64)`),
    brokenAt: (id) => id,
    reason: CONTENT,
  },
};

describe('tampering with a stored audit event', () => {
  it('the table below covers every column of audit_events', async () => {
    const result = (await run(
      sql`select column_name from information_schema.columns where table_name = 'audit_events' order by column_name`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(result.rows.map((r) => r.column_name)).toEqual(Object.keys(TAMPERS).sort());
  });

  it('the untouched chain is valid', async () => {
    expect(await verify()).toMatchObject({ is_valid: true, broken_id: null });
  });

  for (const [column, tamper] of Object.entries(TAMPERS)) {
    it(`a changed ${column} is named`, async () => {
      const expectedId = await tamper.brokenAt(victimId);
      const undo = await tamper.change(victimId);
      try {
        expect(await verify()).toMatchObject({
          is_valid: false,
          broken_id: expectedId,
          reason: tamper.reason,
        });
      } finally {
        await undo();
      }
      expect(await verify()).toMatchObject({ is_valid: true, broken_id: null });
    });
  }

  it('a deleted event is caught at the event after it', async () => {
    const [victim] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.id, victimId));
    const after = await nextId(victimId);
    await ctx.database.db.delete(auditEvents).where(eq(auditEvents.id, victimId));
    try {
      expect(await verify()).toMatchObject({ is_valid: false, broken_id: after, reason: LINK });
    } finally {
      await ctx.database.db.insert(auditEvents).values(victim!);
    }
    expect(await verify()).toMatchObject({ is_valid: true, broken_id: null });
  });
});
