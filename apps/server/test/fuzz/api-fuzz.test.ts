import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { verifyAuditChain } from '../../src/features/audit/audit-service';
import { openSession } from '../../src/features/auth/session-service';
import { findRepoRoot } from '../../src/lib/paths';
import type { RouteEntry } from '../../src/plugins/route-access';
import { addModel, seedWorld, type World } from '../support/management-fixture';
import { createTestApp, type TestContext } from '../support/test-app';
import { bent, HOSTILE_TEXT, type JsonSchema } from './schema-arbitrary';

// The API under generated input (docs/testing.md#fuzz): every route of the access table, with
// bodies and queries from its OpenAPI schema bent every way a client gets them wrong, wrong
// content types, malformed JSON and hostile ids, as nobody, as a user of another company and as
// the right users. Whatever comes: no 5xx, every error {status, msg, code, params}, nothing
// written for a request refused at the door or by validation, and the audit chain holds.
// CI runs FUZZ_RUNS (default 10) cases per route on a fixed seed; `npm run test:fuzz` runs 1,000.

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** The time limit grows with the count: about 60 ms a case, for some 90 routes, on a busy machine. */
const TIME_LIMIT_MS = Math.max(900_000, RUNS * 90 * 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** `FUZZ_SHARD=2/6`: the second of six slices of the routes, so a long run can go in parts. */
const [SHARD, SHARDS] = (process.env.FUZZ_SHARD ?? '1/1').split('/').map(Number) as [
  number,
  number,
];
if (!(SHARDS >= 1 && SHARD >= 1 && SHARD <= SHARDS))
  throw new Error(`FUZZ_SHARD must be i/n with 1 <= i <= n, not ${process.env.FUZZ_SHARD}`);

let ctx: TestContext;
let w: World;
let tables: string[];
const tokens = new Map<string, string>();
const counts = new Map<string, { cases: number; byStatus: Record<number, number> }>();

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
      }
    >
  >;
};

beforeAll(async () => {
  ctx = await createTestApp(
    { RATE_LIMIT_OFF: '1' },
    { adminToken: 'a'.repeat(43), isJobsWorkerOff: true },
  );
  w = await seedWorld(ctx);
  await addModel(ctx, w.owner, 'T1000', 'newer', ['T1']);
  tables = (
    await queryRows<{ name: string }>(
      ctx.database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
          order by table_name`,
    )
  ).map((r) => r.name);
}, 120_000);

afterAll(async () => {
  const total = [...counts.values()].reduce((n, c) => n + c.cases, 0);
  const report = {
    seed: SEED,
    shard: `${SHARD}/${SHARDS}`,
    runsPerRoute: RUNS,
    routes: counts.size,
    cases: total,
    byRoute: Object.fromEntries(counts),
  };
  fs.mkdirSync(path.join(findRepoRoot(), 'test-results'), { recursive: true });
  fs.writeFileSync(
    path.join(
      findRepoRoot(),
      SHARDS === 1
        ? 'test-results/fuzz-report.json'
        : `test-results/fuzz-report-${SHARD}of${SHARDS}.json`,
    ),
    JSON.stringify(report, null, 2),
  );
  console.log(
    `fuzz: ${total} cases over ${counts.size} routes (seed ${SEED}, ${RUNS} per route, shard ${SHARD}/${SHARDS})`,
  );
  await ctx?.close();
});

/** Row counts of every table and the newest audit id, in one query. */
async function snapshot(): Promise<Record<string, number>> {
  const parts = tables.map((t) => sql`${t}::text, (select count(*) from ${sql.identifier(t)})`);
  const [row] = await queryRows<{ s: Record<string, number> }>(
    ctx.database.db,
    sql`select json_build_object(${sql.join(parts, sql`, `)}, 'audit_max', (select coalesce(max(id), 0) from audit_events)) as s`,
  );
  return row!.s;
}

/** A fresh session for a world user (a fuzzed request may have ended the last one). */
async function tokenOf(user: keyof World): Promise<string> {
  const target = w[user] as { userId: string };
  const { token } = await openSession(
    ctx.database.db,
    { clock: ctx.now, config: ctx.config },
    target.userId,
    {
      ip: '127.0.0.1',
      userAgent: 'fuzz',
    },
  );
  tokens.set(user, token);
  return token;
}

const HOSTILE_IDS = [
  '../../etc/passwd',
  '..%2f..%2f',
  'null',
  '1 OR 1=1',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
  '%00',
  '😀',
];

function idValues(): string[] {
  return [w.ids.ACME, w.ids.BETA, w.ids.HQ, w.acmeUser.userId, w.betaUser.userId, ...HOSTILE_IDS];
}

const ACTORS = ['anonymous', 'owner', 'acmeAdmin', 'acmeUser', 'betaAdmin', 'acmeViewer'] as const;

type Case = {
  actor: (typeof ACTORS)[number];
  ids: string[];
  bodyKind: 'json' | 'malformed' | 'text' | 'xml' | 'none';
  body: unknown;
  query: Record<string, unknown>;
};

function caseArbitrary(route: RouteEntry, doc: OpenApi): fc.Arbitrary<Case> {
  const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
  const operation = doc.paths[openApiPath]?.[route.method.toLowerCase()];
  const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
  const queryParams = (operation?.parameters ?? []).filter((p) => p.in === 'query');
  const params = route.url.match(/:[A-Za-z]+/g) ?? [];
  const query = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fc.option(fc.oneof(bent(p.schema), fc.constantFrom(...HOSTILE_TEXT)), { nil: undefined }),
      ]),
    ),
  );
  return fc.record({
    actor: fc.constantFrom(...ACTORS),
    ids: fc.tuple(...params.map(() => fc.constantFrom(...idValues()))),
    bodyKind: fc.constantFrom('json', 'json', 'json', 'malformed', 'text', 'xml', 'none'),
    body: bent(bodySchema),
    query,
  }) as fc.Arbitrary<Case>;
}

const queryString = (query: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

describe('the API under fuzzed input', () => {
  it('no 5xx, every error coded, nothing written when refused at the door, the chain intact', {
    timeout: TIME_LIMIT_MS,
  }, async () => {
    const doc = ctx.app.swagger() as unknown as OpenApi;
    const allRoutes = ctx.app.accessTable.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(allRoutes.length).toBeGreaterThan(40);
    const routes = allRoutes.filter((_, i) => i % SHARDS === SHARD - 1);
    for (const route of routes) {
      for (const actor of ACTORS) if (actor !== 'anonymous') await tokenOf(actor);
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, doc), async (c) => {
          let url = route.url;
          for (const id of c.ids) url = url.replace(/:[A-Za-z]+/, encodeURIComponent(id));
          const headers: Record<string, string> = {};
          if (c.actor !== 'anonymous') headers.authid = tokens.get(c.actor)!;
          if (route.access.kind === 'admin') headers['x-admin-token'] = 'guess';
          let payload: string | undefined;
          if (route.method !== 'GET' && route.method !== 'DELETE') {
            if (c.bodyKind === 'json') {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(c.body) ?? 'null';
            } else if (c.bodyKind === 'malformed') {
              headers['content-type'] = 'application/json';
              payload = `{"a":${(JSON.stringify(c.body) ?? 'x').slice(0, 20)}`;
            } else if (c.bodyKind === 'text') {
              headers['content-type'] = 'text/plain';
              payload = typeof c.body === 'string' ? c.body : (JSON.stringify(c.body) ?? '');
            } else if (c.bodyKind === 'xml') {
              headers['content-type'] = 'application/xml';
              payload = '<a>1</a>';
            }
          }
          const before = await snapshot();
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url: `${url}${queryString(c.query)}`,
            headers,
            payload,
          });
          const entry = counts.get(`${route.method} ${route.url}`) ?? { cases: 0, byStatus: {} };
          entry.cases += 1;
          entry.byStatus[response.statusCode] = (entry.byStatus[response.statusCode] ?? 0) + 1;
          counts.set(`${route.method} ${route.url}`, entry);
          const what = `${route.method} ${url} as ${c.actor}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          if (response.statusCode >= 400 && !url.startsWith('/api/v1/uploads')) {
            const body = response.json();
            expect(body, what).toMatchObject({
              status: response.statusCode,
              msg: expect.any(String),
              code: expect.any(String),
              params: expect.any(Object),
            });
            // Refused at the door or by validation: nothing written, not even an audit event.
            if (/^(request|access)\./.test(body.code))
              expect(await snapshot(), what).toEqual(before);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect((await verifyAuditChain(ctx.database.db)).isValid).toBe(true);
  });
});
