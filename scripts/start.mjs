// npm start: build what is missing or out of date, then serve the API and the SPA on one port.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time of the given files and of any file below the given folders. */
function newest(...dirs) {
  let latest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    if (!fs.statSync(dir).isDirectory()) {
      latest = Math.max(latest, fs.statSync(dir).mtimeMs);
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return latest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** Builds quietly (warnings and errors only; no chunk tables): one line before, one after. */
function buildIfStale(label, output, sources, workspace, quietArgs) {
  if (mtime(output) >= newest(...sources)) return;
  console.log(`Building ${label}...`);
  const started = Date.now();
  execFileSync(npm, ['run', '--silent', 'build', '-w', workspace, '--', ...quietArgs], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`Built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

buildIfStale(
  'the web console',
  // Written last by the build (apps/web/build.mjs): a build that stopped half-way is stale.
  path.join(root, 'apps/web/dist/auth.html'),
  ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/build.mjs', 'packages'],
  '@tkc/web',
  ['--logLevel', 'warn'],
);
buildIfStale(
  'the server',
  path.join(root, 'apps/server/dist/main.js'),
  ['apps/server/src', 'packages'],
  '@tkc/server',
  [],
);

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
