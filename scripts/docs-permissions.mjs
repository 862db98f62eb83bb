// npm run docs:permissions: writes docs/permissions.md from the permission catalogue.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const code = `import { renderPermissionsDoc } from './packages/contracts/src/access/permissions-doc.ts';
import fs from 'node:fs';
fs.writeFileSync('docs/permissions.md', renderPermissionsDoc());
console.log('docs/permissions.md written');`;
const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
