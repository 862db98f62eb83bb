// The load benchmark's mix (load-mix.ts) from a process of its own, against a server another
// process runs: argv URL ADMIN_TOKEN SECONDS. Prints 'ready' once its users exist and the virtual
// users start, then one JSON line of figures per route when they stop (lists-bench.ts).
import { loadPersonas, seedLoadWorld } from './load-mix';
import { quantile, runVirtualUsers } from './load-users';

const [url, adminToken, seconds] = process.argv.slice(2);
const world = await seedLoadWorld({ url: url!, adminToken: adminToken! });
console.log('ready');
const figures = await runVirtualUsers(`${url}/api/v1`, loadPersonas(world), Number(seconds));
for (const f of figures) {
  console.log(
    JSON.stringify({
      route: f.route,
      requests: f.requests,
      errors: f.errors,
      refused: f.refused,
      p50: quantile(f.latencies, 0.5),
      p99: quantile(f.latencies, 0.99),
    }),
  );
}
