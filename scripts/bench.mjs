// npm run bench -- <name>: the benchmarks; figures go to docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benches = {
  auth: 'apps/server/bench/auth-bench.ts',
  erase: 'apps/server/bench/erase-bench.ts',
  lists: 'apps/server/bench/lists-bench.ts',
  load: 'apps/server/bench/load-bench.ts',
  nodes: 'apps/server/bench/nodes-bench.ts',
  sign: 'packages/formats/bench/apk-sign-bench.ts',
  cap: 'packages/formats/bench/cap-bench.ts',
  crt: 'apps/server/bench/crt-bench.ts',
  web: 'e2e/bench/web-bench.ts',
  upload: 'e2e/bench/signer-upload-bench.ts',
  hash: 'e2e/bench/browser-hash-bench.ts',
};
const names = process.argv.slice(2);
const chosen = names.length > 0 ? names : Object.keys(benches);
for (const name of chosen) {
  const file = benches[name];
  if (!file || !fs.existsSync(path.join(root, file))) {
    console.error(
      `Unknown or missing bench '${name}'. Available: ${Object.keys(benches).join(', ')}`,
    );
    process.exit(1);
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
