import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { repoRoot, webDist } from './paths';

/** The tests serve the built SPA; build it once when it is missing (never otherwise). */
export default function globalSetup(): void {
  // auth.html is the build's last file (apps/web/build.mjs): without it the build is not whole.
  if (existsSync(`${webDist}/auth.html`)) return;
  console.log('apps/web/dist is missing: building the SPA (npm run build -w @tkc/web)...');
  execFileSync('npm', ['run', 'build', '-w', '@tkc/web'], { cwd: repoRoot, stdio: 'inherit' });
}
