import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { seedWorld, type World } from './support/management-fixture';
import { createTestApp, type TestContext } from './support/test-app';

// Audit exports running at once are bounded (two per company, four per node): past the bound the
// caller gets 429 with Retry-After at once instead of a download that queues until it times out
// (docs/benchmarks.md#load). A slot comes back when an export ends, also when its client leaves.

let ctx: TestContext;
let w: World;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  w = await seedWorld(ctx);
  // Enough events that an export no reader drains stalls on backpressure, holding its slot.
  await ctx.database.db.execute(sql`insert into audit_events (created_at, actor_email, action, target, result, prev_hash, hash)
    select now(), 'someone@hq.test', 'auth.login', repeat('t', 200) || g, 'success', '', ''
    from generate_series(1, 60000) g`);
  base = `${await ctx.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const exportAs = (token: string) => fetch(`${base}/audit/export`, { headers: { authid: token } });

it('a third export of one company at once answers 429 with Retry-After; a slot returns when a client leaves', async () => {
  const first = await exportAs(w.owner.token);
  const second = await exportAs(w.padmin.token);
  expect([first.status, second.status]).toEqual([200, 200]);

  const third = await exportAs(w.owner.token);
  expect(third.status).toBe(429);
  expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(await third.json()).toMatchObject({ status: 429 });

  // Another company still exports.
  const acme = await exportAs(w.acmeAdmin.token);
  expect(acme.status).toBe(200);
  expect((await acme.text()).split('\r\n')[0]).toMatch(/^id,created_at/);

  // The first client gives up mid-download: its slot comes back.
  await first.body!.cancel();
  let again = await exportAs(w.owner.token);
  for (let i = 0; again.status === 429 && i < 50; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    again = await exportAs(w.owner.token);
  }
  expect(again.status).toBe(200);
  // Read to the end, the whole log is there.
  const lines = (await again.text()).split('\r\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(60_000);
  expect((await second.text()).length).toBeGreaterThan(0);
}, 120_000);

it('an export of many batches holds every event once, in id order (read and formatted in slices)', async () => {
  const stored = (await ctx.database.db.execute(
    sql`select id::text as id from audit_events order by audit_events.id`,
  )) as unknown as { rows: { id: string }[] };
  const response = await exportAs(w.owner.token);
  expect(response.status).toBe(200);
  const [header, ...lines] = (await response.text()).split('\r\n').filter(Boolean);
  expect(header).toMatch(/^id,created_at/);
  // Every line is one event: its id cell first; the seeded targets hold no comma or quote.
  expect(lines.map((line) => line.slice(0, line.indexOf(',')))).toEqual(
    stored.rows.map((r) => r.id),
  );
  // The cells as stored: the time as toISOString writes it, the detail as its JSON.
  const [last] = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.detail} <> '{}'::jsonb`)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  const line = lines.find((l) => l.startsWith(`${last!.id},`))!;
  expect(line.split(',')[1]).toBe(last!.createdAt.toISOString());
  const detailCell = line.slice(line.indexOf(',"{') + 2, -1).replaceAll('""', '"');
  expect(JSON.parse(detailCell)).toEqual(last!.detail);
}, 120_000);
