import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AuditExportCache,
  createAuditExportCache,
} from '../src/features/audit/audit-export-cache';
import { seedWorld, type World } from './support/management-fixture';
import { api, createTestApp, type TestContext } from './support/test-app';

// An export keeps the text of each whole batch (2,000 events) for the next export with the same
// filter: audit events never change, so only the company codes joined in can make it stale
// (docs/audit-export.md). These tests read exports through the app with the cache it uses.

let ctx: TestContext;
let w: World;
let cache: AuditExportCache;

beforeAll(async () => {
  cache = createAuditExportCache({ maxBytes: 64 * 1024 * 1024, keepMs: 60_000 });
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' }, { auditExportCache: cache });
  w = await seedWorld(ctx);
  await ctx.database.db.execute(sql`insert into audit_events (created_at, actor_email, company_id, action, target, result, detail, prev_hash, hash)
    select now(), 'someone@acme.test', ${w.ids.ACME}, 'erase.auth', 'sn:' || g, 'success', jsonb_build_object('n', g), '', ''
    from generate_series(1, 4500) g`);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const exportAs = async (token: string) => {
  const response = await api(ctx, 'GET', '/audit/export', undefined, { token });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const eventLines = (csv: string) => csv.split('\r\n').filter(Boolean).slice(1);
const eventCount = async () =>
  (
    (await ctx.database.db.execute(
      sql`select count(*)::int as n from audit_events`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

it('a second export is the same text with its whole batches from the cache, and the new events after them', async () => {
  const first = await exportAs(w.owner.token);
  const events = await eventCount();
  expect(eventLines(first)).toHaveLength(events);
  expect(cache.size().blocks).toBe(Math.floor(events / 2000));
  const hits = cache.size().hits;

  await ctx.database.db.execute(sql`insert into audit_events (created_at, actor_email, company_id, action, target, result, prev_hash, hash)
    select now(), 'late@acme.test', ${w.ids.ACME}, 'erase.auth', 'late:' || g, 'success', '', ''
    from generate_series(1, 3) g`);
  const second = await exportAs(w.owner.token);
  expect(cache.size().hits - hits).toBe(Math.floor(events / 2000));
  const lines = eventLines(second);
  expect(lines.slice(0, events)).toEqual(eventLines(first));
  expect(lines.slice(events).map((l) => l.split(',')[5])).toEqual(['late:1', 'late:2', 'late:3']);
}, 60_000);

it('a changed company code shows in the next export, in the cached batches too', async () => {
  await exportAs(w.owner.token);
  const renamed = await api(
    ctx,
    'PATCH',
    `/companies/${w.ids.ACME}`,
    { code: 'ACME2' },
    { token: w.owner.token },
  );
  expect(renamed.statusCode).toBe(200);
  const acmeLines = eventLines(await exportAs(w.owner.token)).filter((l) =>
    l.includes('@acme.test,'),
  );
  expect(acmeLines.length).toBeGreaterThan(4500);
  expect(acmeLines.every((l) => l.split(',')[3] === 'ACME2')).toBe(true);
}, 60_000);

it("a company admin's export holds their company's events only, whatever the owner's exports left in the cache", async () => {
  await exportAs(w.owner.token);
  const acme = eventLines(await exportAs(w.acmeAdmin.token));
  expect(acme.length).toBeGreaterThan(4500);
  expect(acme.every((l) => l.split(',')[3] === 'ACME2')).toBe(true);
  const beta = eventLines(await exportAs(w.betaAdmin.token));
  expect(beta.some((l) => l.includes('@acme.test,'))).toBe(false);
  expect(beta.every((l) => l.split(',')[3] === 'BETA')).toBe(true);
}, 60_000);
