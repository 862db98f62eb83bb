// npm run bench -- load (docs/benchmarks.md#load): one server process on PostgreSQL (PGlite when
// the server does not answer), driven from this second process. Two modes:
// - users (the default): 200 virtual users for 60 s, each with a think time between requests
//   (load-users.ts), three runs on the same server; the median, min and max of each figure.
//   Goals: no error, p99 <= 250 ms per route, memory flat from run to run.
// - saturate (BENCH_LOAD_MODE=saturate): the same 200 as closed-loop connections (autocannon),
//   each sending its next request the moment an answer comes: the server's capacity, where every
//   request queues behind the CPU.
// The mix: profile reads, lists (users, audit, erase log), erase authorisations, the password step
// of a sign-in (argon2id), audit exports. Rate limits are off in the server under test (one
// client address would trip them at once).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  buildServerBundle,
  freshServerDatabase,
  startServerProcess,
} from '../test/support/server-process';
import { clientHash } from '../test/support/test-app';
import { loadPersonas, seedLoadWorld } from './load-mix';
import { quantile, runVirtualUsers } from './load-users';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MODE = process.env.BENCH_LOAD_MODE === 'saturate' ? 'saturate' : 'users';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// On the PostgreSQL server when it answers, else PGlite.
const database = await freshServerDatabase(PG_URL).catch(() => undefined);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-load-'));
const server = await startServerProcess({
  dataDir,
  databaseUrl: database?.url,
  bundle: buildServerBundle(),
});
const api = `${server.url}/api/v1`;

try {
  // The fleet and the mix, shared with the nodes benchmark (load-mix.ts).
  const world = await seedLoadWorld(server);
  const { owner, erasers, signers } = world;
  const personas = loadPersonas(world);

  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const spread = (values: number[], digits = 0) => {
    const sorted = [...values].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(digits);
    return `${f(quantile(sorted, 0.5))} (${f(sorted[0]!)}-${f(sorted.at(-1)!)})`;
  };
  if (MODE === 'users') {
    const runs: {
      figures: Awaited<ReturnType<typeof runVirtualUsers>>;
      rssEnd: number;
      load: number[];
    }[] = [];
    const rssStart = server.rss();
    for (let run = 0; run < RUNS; run += 1) {
      const load = [os.loadavg()[0]!];
      const figures = await runVirtualUsers(api, personas, SECONDS);
      load.push(os.loadavg()[0]!);
      runs.push({ figures, rssEnd: server.rss(), load });
    }
    console.log(
      `load bench (virtual users): ${personas.reduce((s, p) => s + p.users, 0)} users, think time 0.5-1.5 s, ${RUNS} runs of ${SECONDS} s on ${database ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.log(
      `  load average per run: ${runs.map((r) => `${r.load[0]!.toFixed(2)} -> ${r.load[1]!.toFixed(2)}`).join(', ')}`,
    );
    console.log(
      '  route                                  requests/run       p50 ms            p99 ms            errors   429s    (median (min-max) of the runs)',
    );
    let errors = 0;
    for (const [i, persona] of personas.entries()) {
      const of = (pick: (f: Awaited<ReturnType<typeof runVirtualUsers>>[number]) => number) =>
        runs.map((r) => pick(r.figures[i]!));
      const runErrors = of((f) => f.errors);
      errors += runErrors.reduce((a, b) => a + b, 0);
      console.log(
        `  ${persona.route.padEnd(38)} ${spread(of((f) => f.requests)).padEnd(18)} ${spread(of((f) => quantile(f.latencies, 0.5))).padEnd(17)} ${spread(of((f) => quantile(f.latencies, 0.99))).padEnd(17)} ${runErrors.join('/').padEnd(8)} ${of((f) => f.refused).join('/')}`,
      );
    }
    console.log(
      `  errors in all: ${errors} (goal 0); server RSS at start ${mb(rssStart)} MB, after each run ${runs.map((r) => `${mb(r.rssEnd)} MB`).join(', ')} (goal: flat)`,
    );
  } else {
    const mix: { route: string; connections: number; options: autocannon.Options }[] = [
      {
        route: 'GET /auth/profile',
        connections: 70,
        options: { url: `${api}/auth/profile`, headers: { authid: erasers[0]!.token } },
      },
      {
        route: 'GET lists (users, audit, erase log)',
        connections: 50,
        options: {
          url: api,
          requests: [
            { method: 'GET', path: '/api/v1/users?limit=30', headers: { authid: owner.token } },
            { method: 'GET', path: '/api/v1/audit?limit=30', headers: { authid: owner.token } },
            {
              method: 'GET',
              path: '/api/v1/uld/erase?limit=30',
              headers: { authid: erasers[1]!.token },
            },
          ],
        },
      },
      {
        route: 'POST /uld/erase/auth',
        connections: 40,
        options: {
          url: `${api}/uld/erase/auth`,
          method: 'POST',
          headers: { authid: erasers[2]!.token, 'content-type': 'application/json' },
          setupClient: (client) => {
            let n = 0;
            client.setBody(
              JSON.stringify({ sn: 'LD000001', esn: 'ESN00001', rn: '0011223344556677' }),
            );
            client.on('response', () => {
              n += 1;
              client.setBody(
                JSON.stringify({
                  sn: `LD${String(n % 1000).padStart(6, '0')}`,
                  esn: 'ESN00001',
                  rn: crypto.randomBytes(8).toString('hex'),
                }),
              );
            });
          },
        },
      },
      {
        route: 'POST /auth/login (password step)',
        connections: 30,
        options: {
          url: `${api}/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupClient: (client) => {
            let n = Math.floor(Math.random() * signers.length);
            const next = () => {
              n = (n + 1) % signers.length;
              client.setBody(
                JSON.stringify({
                  email: signers[n]!.email,
                  password: clientHash('Secret123!'),
                  force: true,
                }),
              );
            };
            next();
            client.on('response', next);
          },
        },
      },
      {
        route: 'GET /audit/export',
        connections: 10,
        options: { url: `${api}/audit/export`, headers: { authid: owner.token } },
      },
    ];

    const rss: number[] = [server.rss()];
    const sampler = setInterval(() => rss.push(server.rss()), 1000);
    const load = [1, os.loadavg()[0]!];
    const results = await Promise.all(
      mix.map((m) =>
        autocannon({ ...m.options, connections: m.connections, duration: SECONDS, timeout: 30 }),
      ),
    );
    clearInterval(sampler);
    load.push(os.loadavg()[0]!);

    const early = Math.max(...rss.slice(1, 11));
    const late = Math.max(...rss.slice(-10));
    console.log(
      `load bench (saturate): ${mix.reduce((s, m) => s + m.connections, 0)} connections for ${SECONDS} s on ${database ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, Node ${process.version}, load average ${load[1]!.toFixed(2)} -> ${load[2]!.toFixed(2)}`,
    );
    let errors = 0;
    for (const [i, m] of mix.entries()) {
      const r = results[i]!;
      errors += r.errors + r.non2xx + r.timeouts;
      console.log(
        `  ${m.route.padEnd(38)} ${String(r.requests.total).padStart(7)} requests  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  errors ${r.errors} non-2xx ${r.non2xx} timeouts ${r.timeouts}`,
      );
    }
    console.log(
      `  errors in all: ${errors} (goal 0); server RSS before ${mb(rss[0]!)} MB, max of the first 10 s ${mb(early)} MB, max of the last 10 s ${mb(late)} MB (goal: flat)`,
    );
  }
} finally {
  await server.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
