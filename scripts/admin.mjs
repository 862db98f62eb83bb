// npm run admin -- <command>: the admin commands, from source so they never lag behind the code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/cli/admin.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
