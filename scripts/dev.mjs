// npm run dev: the server in watch mode on 3458 and Vite's dev server (proxying /api to it).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The same data folder as npm start; links in mails open the Vite dev server.
const serverEnv = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
const children = [
  spawn(npm, ['run', 'dev', '-w', '@tkc/server'], { cwd: root, stdio: 'inherit', env: serverEnv }),
  spawn(npm, ['run', 'dev', '-w', '@tkc/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
