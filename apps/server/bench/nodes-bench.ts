// npm run bench -- nodes (docs/benchmarks.md#nodes, issue 13): the load benchmark's mix of 200
// virtual users against one API node, then against two nodes on the same PostgreSQL behind a
// round-robin proxy, in the same run, three times (BENCH_RUNS); median, min and max. Raw
// throughput cannot double on a 2-core machine shared by the load generator, PostgreSQL and the
// nodes, so the figure that matters is what a second node costs: requests served per CPU-second
// of the API processes (their own utime + stime from /proc), which should stay within 10% from
// one node to two. Aggregate throughput and p99 are printed beside it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type LoadBalancer, startRoundRobinProxy } from '../test/support/round-robin-proxy';
import {
  buildServerBundle,
  freshServerDatabase,
  type ServerProcess,
  startServerProcess,
} from '../test/support/server-process';
import { loadPersonas, seedLoadWorld } from './load-mix';
import { quantile, runVirtualUsers } from './load-users';
import { cpuSeconds } from './proc-cpu';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

type Figures = {
  perCpuSecond: number;
  perSecond: number;
  p99: number;
  errors: number;
  load: string;
};

async function measure(
  nodes: ServerProcess[],
  personas: ReturnType<typeof loadPersonas>,
): Promise<Figures> {
  const proxy: LoadBalancer = await startRoundRobinProxy(nodes.map((n) => n.url));
  try {
    const load = [os.loadavg()[0]!];
    const before = nodes.map((n) => cpuSeconds(n.pid));
    const figures = await runVirtualUsers(`${proxy.url}/api/v1`, personas, SECONDS);
    const cpu = nodes.reduce((sum, n, i) => sum + cpuSeconds(n.pid) - before[i]!, 0);
    load.push(os.loadavg()[0]!);
    const requests = figures.reduce((s, f) => s + f.requests, 0);
    const latencies = figures.flatMap((f) => f.latencies).sort((a, b) => a - b);
    return {
      perCpuSecond: requests / cpu,
      perSecond: requests / SECONDS,
      p99: quantile(latencies, 0.99),
      errors: figures.reduce((s, f) => s + f.errors, 0),
      load: `${load[0]!.toFixed(1)}->${load[1]!.toFixed(1)}`,
    };
  } finally {
    await proxy.close();
  }
}

const database = await freshServerDatabase(PG_URL);
const env = {
  MASTER_KEY: crypto.randomBytes(32).toString('hex'),
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
};
const bundle = buildServerBundle();
const nodes: ServerProcess[] = [];
const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-nodes-')));
try {
  for (const dataDir of dataDirs) {
    nodes.push(await startServerProcess({ dataDir, databaseUrl: database.url, bundle, env }));
  }
  const personas = loadPersonas(await seedLoadWorld(nodes[0]!));
  const one: Figures[] = [];
  const two: Figures[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // Alternate which goes first, so a drift of the machine's load does not favour one.
    if (run % 2 === 0) {
      one.push(await measure(nodes.slice(0, 1), personas));
      two.push(await measure(nodes, personas));
    } else {
      two.push(await measure(nodes, personas));
      one.push(await measure(nodes.slice(0, 1), personas));
    }
  }
  const spread = (values: number[], digits = 0) => {
    const sorted = [...values].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(digits);
    return `${f(quantile(sorted, 0.5))} (${f(sorted[0]!)}-${f(sorted.at(-1)!)})`;
  };
  console.log(
    `nodes bench: 200 virtual users (the load mix), ${RUNS} runs of ${SECONDS} s each for one node and for two, PostgreSQL, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(
    '  nodes  requests per API CPU-second   requests/s          p99 ms                errors   load average per run',
  );
  for (const [label, figures] of [
    ['1', one],
    ['2', two],
  ] as const) {
    console.log(
      `  ${label.padEnd(6)} ${spread(
        figures.map((f) => f.perCpuSecond),
        1,
      ).padEnd(29)} ${spread(
        figures.map((f) => f.perSecond),
        1,
      ).padEnd(19)} ${spread(figures.map((f) => f.p99)).padEnd(21)} ${figures
        .map((f) => f.errors)
        .join('/')
        .padEnd(8)} ${figures.map((f) => f.load).join(', ')}`,
    );
  }
  const median = (figures: Figures[]) =>
    quantile(
      figures.map((f) => f.perCpuSecond).sort((a, b) => a - b),
      0.5,
    );
  const change = (median(two) / median(one) - 1) * 100;
  console.log(
    `  requests per API CPU-second, two nodes against one: ${change >= 0 ? '+' : ''}${change.toFixed(1)}% (goal: within 10%)`,
  );
} finally {
  for (const node of nodes) await node.stop();
  await database.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
