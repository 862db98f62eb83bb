import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModel, seedWorld, type World } from './support/management-fixture';
import {
  api,
  clientHash,
  createTestApp,
  signInWithEmailCode,
  type TestContext,
} from './support/test-app';

// GET /metrics (docs/operations.md#metrics): absent without METRICS_TOKEN, 401/403 without the
// right bearer token, and in Prometheus's text format the figures an operator watches: requests
// and latency per route and status, sign-ins and failures, erase authorisations, jobs, the pool.
// Also X-Request-Id on every answer (docs/operations.md#logs).

const TOKEN = 'metrics-token-0123456789abcdef';
let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  w = await seedWorld(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

async function scrape(): Promise<string> {
  const response = await ctx.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample (`name{labels}`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [series, value] = [
      line.slice(0, line.lastIndexOf(' ')),
      line.slice(line.lastIndexOf(' ') + 1),
    ];
    if (wanted.every((l) => series.includes(l))) return Number(value);
  }
  return 0;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: a JSON 404, not the web app', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404 });
      expect(plain.app.accessTable.some((r) => r.url === '/metrics')).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('answers 401 without a bearer token and 403 with a wrong one', async () => {
    const none = await ctx.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 401, msg: 'No metrics token' });
    const session = await ctx.app.inject({ url: '/metrics', headers: { authid: w.owner.token } });
    expect(session.statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('counts requests and their latency per route pattern and status', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/v1/health', status: '200' };
    for (let i = 0; i < 3; i += 1) await api(ctx, 'GET', '/health');
    await api(ctx, 'GET', `/companies/${w.ids.ACME}`, undefined, { token: w.owner.token });
    await api(ctx, 'GET', '/no/such/thing-42');
    const after = await scrape();
    const delta = (name: string, l: Record<string, string>) =>
      sample(after, name, l) - sample(before, name, l);
    expect(delta('tkc_http_requests_total', labels)).toBe(3);
    expect(delta('tkc_http_request_duration_seconds_count', labels)).toBe(3);
    expect(
      sample(after, 'tkc_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(sample(after, 'tkc_http_requests_total', labels));
    // Ids stay out of the labels: the route's pattern, and `unmatched` for unknown paths.
    expect(after).toContain('method="GET",route="/api/v1/companies/:id",status="200"');
    expect(after).not.toContain(w.ids.ACME);
    expect(delta('tkc_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain('thing-42');
  });

  it('counts sign-in steps, failures apart', async () => {
    const before = await scrape();
    const bad = await api(ctx, 'POST', '/auth/login', {
      email: w.betaUser.email,
      password: clientHash('wrong password'),
    });
    expect(bad.statusCode).toBe(400);
    await signInWithEmailCode(ctx, w.betaAdmin, { force: true });
    const after = await scrape();
    const delta = (l: Record<string, string>) =>
      sample(after, 'tkc_sign_ins_total', l) - sample(before, 'tkc_sign_ins_total', l);
    expect(delta({ step: 'password', result: 'failure' })).toBe(1);
    expect(delta({ step: 'password', result: 'success' })).toBe(1);
    expect(delta({ step: 'second_factor', result: 'success' })).toBe(1);
  });

  it('counts erase authorisations granted and refused', async () => {
    await addModel(ctx, w.owner, 'T1000', 'newer', ['T1']);
    await api(
      ctx,
      'POST',
      `/companies/${w.ids.ACME}/sn`,
      { sn: 'T1000001' },
      { token: w.owner.token },
    );
    const body = (sn: string) => ({ sn, esn: 'E', rn: '0011223344556677' });
    const ok = await api(ctx, 'POST', '/uld/erase/auth', body('T1000001'), {
      token: w.acmeUser.token,
    });
    expect(ok.statusCode).toBe(200);
    const refused = await api(ctx, 'POST', '/uld/erase/auth', body('T1999999'), {
      token: w.acmeUser.token,
    });
    expect(refused.statusCode).not.toBe(200);
    const text = await scrape();
    expect(sample(text, 'tkc_erase_authorisations_total', { result: 'success' })).toBe(1);
    expect(sample(text, 'tkc_erase_authorisations_total', { result: 'failure' })).toBe(1);
  });

  it('shows jobs finished by this node and the jobs table, the pool, the process', async () => {
    await ctx.app.jobs.drain();
    const text = await scrape();
    expect(
      sample(text, 'tkc_jobs_finished_total', { kind: 'mail.send', outcome: 'done' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'tkc_job_duration_seconds_count', { kind: 'mail.send' })).toBeGreaterThan(
      0,
    );
    expect(sample(text, 'tkc_jobs', { kind: 'mail.send', status: 'done' })).toBeGreaterThan(0);
    expect(sample(text, 'tkc_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    if (ctx.database.kind === 'postgres') {
      expect(sample(text, 'tkc_db_pool_connections', { state: 'max' })).toBe(5);
      expect(sample(text, 'tkc_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('tkc_db_pool_connections{');
    }
  });
});

describe('X-Request-Id', () => {
  it('is on every answer, a fresh UUID unless a well-formed one was sent', async () => {
    const a = await api(ctx, 'GET', '/health');
    const b = await api(ctx, 'GET', '/nope');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const kept = await api(ctx, 'GET', '/health', undefined, {
      headers: { 'x-request-id': 'proxy-7f3a9c21' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-7f3a9c21');
    const odd = await api(ctx, 'GET', '/health', undefined, {
      headers: { 'x-request-id': 'bad id\nwith "quotes"' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
