// npm run bench -- web: the JavaScript the browser loads for /auth (gzip bytes) and its Largest
// Contentful Paint in Chromium, against the real server serving the built SPA. Goal: 170 KB gzip.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { repoRoot, webDist } from '../support/paths';
import { startStack } from '../support/stack';

const RUNS = 5;
const GOAL_BYTES = 170 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!existsSync(`${webDist}/auth.html`)) {
    execFileSync('npm', ['run', 'build', '-w', '@tkc/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const stack = await startStack();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const scripts = new Map<string, { raw: number; gzip: number; sent: string }>();
    const lcps: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh context each run: empty cache, as a first visit.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { __lcp: number }).__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            (window as unknown as { __lcp: number }).__lcp = entry.startTime;
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      if (run === 0) {
        page.on('response', async (response) => {
          if (response.request().resourceType() !== 'script') return;
          const body = await response.body().catch(() => null);
          if (!body) return;
          scripts.set(new URL(response.url()).pathname, {
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            sent: response.headers()['content-encoding'] ?? 'identity',
          });
        });
      }
      await page.goto(`${stack.baseUrl}/auth`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      // LCP is final once the page has been idle a moment (no input happens here).
      await page.waitForTimeout(300);
      lcps.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
      await context.close();
    }

    const rows = [...scripts.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
    const totalGzip = rows.reduce((sum, [, s]) => sum + s.gzip, 0);
    const totalRaw = rows.reduce((sum, [, s]) => sum + s.raw, 0);
    console.log(`\nJavaScript loaded for /auth (${rows.length} files; gzip -9 of each body):`);
    for (const [path, s] of rows) {
      console.log(
        `  ${path.padEnd(44)} ${kb(s.raw).padStart(9)} raw ${kb(s.gzip).padStart(9)} gzip`,
      );
    }
    console.log(
      `  ${'total'.padEnd(44)} ${kb(totalRaw).padStart(9)} raw ${kb(totalGzip).padStart(9)} gzip`,
    );
    console.log(
      `\n/auth JavaScript: ${totalGzip} bytes gzip (${kb(totalGzip)}), goal ${kb(GOAL_BYTES)}: ${totalGzip <= GOAL_BYTES ? 'met' : 'NOT met'}`,
    );
    console.log(
      `/auth LCP in Chromium: median ${median(lcps).toFixed(0)} ms over ${RUNS} cold loads (${lcps.map((x) => x.toFixed(0)).join(', ')} ms)`,
    );
    const chunks = readdirSync(`${webDist}/assets`).filter((f) => f.endsWith('.js'));
    const pages = [
      'sign-in',
      'otp',
      'forgot-password',
      'reset-password',
      'register',
      'invalid-link',
      'terms',
      'version',
      'not-found',
      'server-error',
      'logout',
      'dashboard',
      'crt',
    ];
    const lazy = pages.filter((p) => chunks.some((c) => c.startsWith(`${p}-`)));
    console.log(
      `Page chunks: ${lazy.length}/${pages.length} pages are lazy chunks of their own (${pages.filter((p) => !lazy.includes(p)).join(', ') || 'none missing'})`,
    );
  } finally {
    await browser.close();
    await stack.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
