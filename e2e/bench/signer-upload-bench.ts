// npm run bench -- upload: the Signer's file in Chromium: SHA-256 in the Worker (1,024,000-byte
// chunks, hash-wasm) beside `openssl dgst -sha256` on the same file, and the tus upload over
// loopback, uncut and with one connection cut halfway (the time from the cut to the next piece).
//   node --import tsx e2e/bench/signer-upload-bench.ts [megabytes=1000] [rounds=3]
// Rounds are interleaved: openssl, browser uncut, browser cut, openssl, ... Goals (issue 9):
// browser hashing 250 MB/s or more. Figures in docs/benchmarks.md#upload.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { logoutThroughApi, signInThroughApi } from '../support/api';
import { loadAverage, stats } from '../support/bench-stats';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { openWithSession } from '../support/fixtures';
import { repoRoot, webDist } from '../support/paths';
import { signerCompany, testApk } from '../support/signer';
import { startStack } from '../support/stack';

const megabytes = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 3);
const line = (name: string, xs: number[], unit: string, digits = 0) => {
  const { median, min, max } = stats(xs);
  const f = (x: number) => x.toFixed(digits);
  console.log(`${name.padEnd(40)} median ${f(median)} ${unit} (min ${f(min)}, max ${f(max)})`);
};

/** The server's resident memory in MB (VmRSS of /proc/<pid>/status). */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Samples the server's RSS every 100 ms until stopped: its baseline and its peak. */
function watchRss(pid: number) {
  const baseline = rssMb(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { baseline, peak: Math.max(peak, rssMb(pid)) };
    },
  };
}

/** Milliseconds (page clock) until each bar of the sending form reaches 100 %. */
async function timeSending(page: Page, path: string, comment: string) {
  // One callback, no named inner functions: tsx would wrap them in a helper the page lacks.
  await page.evaluate(() => {
    (window as unknown as { __done: Record<string, number> }).__done = {};
    new MutationObserver(() => {
      const done = (window as unknown as { __done: Record<string, number> }).__done;
      for (const bar of Array.from(document.querySelectorAll('[role="progressbar"]'))) {
        const name = bar.getAttribute('aria-label') ?? '';
        if (bar.getAttribute('aria-valuenow') === '100' && !(name in done))
          done[name] = performance.now();
      }
      // The upload's bar gives way to the server's check as soon as the last byte is stored.
      if (!('checking' in done) && document.body.textContent?.includes('checking the file'))
        done.checking = performance.now();
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  await page.getByRole('tab', { name: 'New request' }).click();
  await page.locator('input[type="file"]').setInputFiles(path);
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment);
  const start = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.waitForFunction(
    () => {
      const done = (window as unknown as { __done: Record<string, number> }).__done;
      return 'Computing SHA-256' in done && ('Uploading' in done || 'checking' in done);
    },
    undefined,
    { timeout: 600_000, polling: 50 },
  );
  const done = await page.evaluate(
    () => (window as unknown as { __done: Record<string, number> }).__done,
  );
  await page.getByText(/Request for .* sent/).waitFor({ timeout: 600_000 });
  return {
    hashMs: done['Computing SHA-256']! - start,
    uploadMs: Math.min(done.Uploading ?? Infinity, done.checking ?? Infinity) - start,
  };
}

async function main() {
  if (!existsSync(`${webDist}/index.html`))
    execFileSync('npm', ['run', 'build', '-w', '@tkc/web'], { cwd: repoRoot, stdio: 'inherit' });
  console.log(`load average before: ${loadAverage()}`);
  const apk = await testApk('bench.apk', { assetBytes: megabytes * 1024 * 1024 });
  const mb = apk.size / 1e6;
  console.log(`file: ${apk.size} bytes (${mb.toFixed(0)} MB), ${rounds} rounds`);
  const stack = await startStack();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const openssl: number[] = [];
  const hash: number[] = [];
  const upload: number[] = [];
  const uploadCut: number[] = [];
  const resume: number[] = [];
  const rssGrowth: number[] = [];
  const rssPeak: number[] = [];
  const loads: string[] = [];
  try {
    const company = await signerCompany(stack);
    for (let round = 0; round < rounds; round++) {
      const t0 = performance.now();
      execFileSync('openssl', ['dgst', '-sha256', apk.path]);
      openssl.push(mb / ((performance.now() - t0) / 1000));

      for (const isCut of [false, true]) {
        const session = await signInThroughApi(stack, company.requester);
        const context = await browser.newContext();
        const page = await context.newPage();
        let pieces = 0;
        let cutAt = 0;
        if (isCut) {
          const half = Math.floor(apk.size / (8 * 1024 * 1024) / 2);
          await page.route('**/api/v1/uploads/*', async (route) => {
            if (route.request().method() !== 'PATCH') return route.continue();
            pieces++;
            if (pieces === half) {
              cutAt = performance.now();
              return route.abort('connectionreset');
            }
            if (cutAt && resume.length < round + 1) resume.push(performance.now() - cutAt);
            return route.continue();
          });
        }
        await openWithSession(page, stack, session, '/signer');
        const loadBefore = loadavg()[0]!.toFixed(2);
        const rss = watchRss(stack.pid);
        const t = await timeSending(page, apk.path, `bench round ${round}`);
        const memory = rss.stop();
        rssGrowth.push(memory.peak - memory.baseline);
        rssPeak.push(memory.peak);
        loads.push(`${loadBefore}->${loadavg()[0]!.toFixed(2)}`);
        console.log(
          `round ${round + 1} ${isCut ? 'cut' : 'uncut'}: upload ${(mb / (t.uploadMs / 1000)).toFixed(1)} MB/s, hash ${(mb / (t.hashMs / 1000)).toFixed(0)} MB/s, server RSS ${memory.baseline.toFixed(0)} -> peak ${memory.peak.toFixed(0)} MB, load ${loads.at(-1)}`,
        );
        if (isCut) uploadCut.push(mb / (t.uploadMs / 1000));
        else {
          hash.push(mb / (t.hashMs / 1000));
          upload.push(mb / (t.uploadMs / 1000));
        }
        await context.close();
        await logoutThroughApi(stack, session.token);
      }
    }
  } finally {
    await browser.close();
    await stack.close();
    apk.remove();
  }
  line('openssl dgst -sha256', openssl, 'MB/s');
  line('browser SHA-256 (Worker, beside upload)', hash, 'MB/s');
  line('upload over loopback', upload, 'MB/s');
  line('upload with one cut halfway', uploadCut, 'MB/s');
  line('cut to next piece sent', resume, 'ms');
  line('server RSS growth during an upload', rssGrowth, 'MB');
  line('server RSS peak', rssPeak, 'MB');
  console.log(`load average (1 min) per upload: ${loads.join(', ')}`);
  const goal = stats(hash).median >= 250;
  console.log(`browser hashing goal 250 MB/s: ${goal ? 'met' : 'NOT met'}`);
  console.log(
    `load average after: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
