import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, queryRows } from '../db/client';
import { metricsRoute } from './route-access';

// GET /metrics in Prometheus's text format (docs/operations.md#metrics), only when METRICS_TOKEN
// is set, and only with `Authorization: Bearer <METRICS_TOKEN>`. Each app has its own registry
// (a test process builds several apps). Counters are this node's since it started; the jobs
// gauge is read from the database at each scrape and so is the same on every node.

export type Metrics = {
  /** The jobs queue reports each job it finishes (done, retried later, dead). */
  jobFinished(kind: string, outcome: 'done' | 'retry' | 'dead', seconds: number): void;
};

/** Business counters read off the answers of these routes (method and route pattern). */
const SIGN_IN_STEPS: Record<string, string> = {
  'POST /api/v1/auth/login': 'password',
  'POST /api/v1/auth/login/verify': 'second_factor',
};
const ERASE_AUTH = 'POST /api/v1/uld/erase/auth';

export function createMetrics(
  database: Database,
  isRouteOn: boolean,
): Metrics & { registry: Registry; isRouteOn: boolean } {
  const registry = new Registry();
  // Process figures (CPU, memory, event loop, GC) only where someone can read them.
  if (isRouteOn) collectDefaultMetrics({ register: registry, prefix: 'tkc_' });
  const jobs = new Counter({
    name: 'tkc_jobs_finished_total',
    help: 'Jobs this node finished, by kind and outcome (done, retry, dead); signing is signer.sign',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'tkc_job_duration_seconds',
    help: 'Time a job took on this node, by kind',
    labelNames: ['kind'],
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  new Gauge({
    name: 'tkc_jobs',
    help: 'Jobs in the database (every node), by kind and status',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await queryRows<{ kind: string; status: string; n: number }>(
        database.db,
        sql`select kind, status, count(*)::int as n from jobs group by kind, status`,
      );
      for (const r of rows) this.set({ kind: r.kind, status: r.status }, r.n);
    },
  });
  new Gauge({
    name: 'tkc_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (total, idle, waiting clients, max); absent on PGlite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
    },
  });
  return {
    registry,
    isRouteOn,
    jobFinished(kind, outcome, seconds) {
      jobs.inc({ kind, outcome });
      jobSeconds.observe({ kind }, seconds);
    },
  };
}

export function registerMetrics(
  app: FastifyInstance,
  metrics: ReturnType<typeof createMetrics>,
): void {
  const { registry, isRouteOn } = metrics;
  // Nobody can read the figures without METRICS_TOKEN: then requests are not counted at all. The
  // hook cost an authenticated read several microseconds (docs/benchmarks.md#auth-eleventh).
  if (!isRouteOn) return;
  const requests = new Counter({
    name: 'tkc_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tkc_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'tkc_sign_ins_total',
    help: 'Sign-in steps answered: password, then second_factor (a session when success)',
    labelNames: ['step', 'result'],
    registers: [registry],
  });
  const erase = new Counter({
    name: 'tkc_erase_authorisations_total',
    help: 'Key Erase authorisations asked for, granted (success) or refused (failure)',
    labelNames: ['result'],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // An unknown path is counted as `unmatched`: the label never takes what a client typed.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    const key = `${request.method} ${route}`;
    const result = reply.statusCode === 200 ? 'success' : 'failure';
    const step = SIGN_IN_STEPS[key];
    if (step) signIns.inc({ step, result });
    if (key === ERASE_AUTH) erase.inc({ result });
    done();
  });
  app.get('/metrics', { config: metricsRoute, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics()),
  );
}
