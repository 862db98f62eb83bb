// npm run bench -- hash: the Signer's SHA-256 in Chromium, exactly as the upload page runs it (the
// built workers of apps/web/src/lib/file-slice-reader.ts and sha256-worker.ts, 1,024,000-byte
// slices read on one and hashed with hash-wasm on the other) on a file
// on disk, beside `openssl dgst -sha256` on the same file, interleaved in the same run. Nothing
// else runs in the page (no upload): the figure is the hashing alone. Goal (issue 9): 250 MB/s.
//   node --import tsx e2e/bench/browser-hash-bench.ts [megabytes=1000] [rounds=3]
// Figures in docs/benchmarks.md#upload.
import { execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { loadAverage, stats } from '../support/bench-stats';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { repoRoot, webDist } from '../support/paths';

const megabytes = Number(process.argv[2] ?? 1000);
const rounds = Math.max(3, Number(process.argv[3] ?? 3));

/** `megabytes` MB of random bytes (random, so no layer can compress or skip them). */
function writeTestFile(path: string): number {
  const size = megabytes * 1_000_000;
  const block = Buffer.allocUnsafe(4 * 1024 * 1024);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < size; ) {
      const length = Math.min(block.length, size - written);
      randomFillSync(block, 0, length);
      writeSync(fd, block, 0, length);
      written += length;
    }
  } finally {
    closeSync(fd);
  }
  return size;
}

/** Serves apps/web/dist (the built worker and its chunks) and a blank page with a file input. */
function serveDist() {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>hash</title><input type="file">');
      return;
    }
    const file = join(webDist, path);
    if (!file.startsWith(webDist) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(readFileSync(file));
  });
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

async function main() {
  if (!existsSync(`${webDist}/index.html`))
    execFileSync('npm', ['run', 'build', '-w', '@tkc/web'], { cwd: repoRoot, stdio: 'inherit' });
  const assets = readdirSync(join(webDist, 'assets'));
  const hasher = assets.find((name) => /^sha256-worker-.*\.js$/.test(name));
  const reader = assets.find((name) => /^file-slice-reader-.*\.js$/.test(name));
  if (!hasher || !reader)
    throw new Error('No hashing workers in apps/web/dist/assets: build the web app.');
  const path = join(tmpdir(), `tkc-hash-bench-${process.pid}.bin`);
  const size = writeTestFile(path);
  const mb = size / 1e6;
  const site = await serveDist();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const openssl: number[] = [];
  const browserRates: number[] = [];
  const loads: string[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.locator('input[type="file"]').setInputFiles(path);
    console.log(
      `file: ${size} bytes (${mb.toFixed(0)} MB), ${rounds} rounds, load before ${loadAverage()}`,
    );
    for (let round = 0; round < rounds; round++) {
      const before = loadAverage();
      const started = performance.now();
      const reference = execFileSync('openssl', ['dgst', '-sha256', '-r', path], {
        encoding: 'utf8',
      });
      openssl.push(mb / ((performance.now() - started) / 1000));
      // One callback, no named inner functions: tsx would wrap them in a helper the page lacks.
      // As apps/web/src/lib/hash-file.ts starts them: reader and hasher joined by a channel.
      const result = await page.evaluate(
        async (urls) => {
          const input = document.querySelector('input') as HTMLInputElement;
          const file = input.files![0]!;
          const hashing = new Worker(urls.hasher, { type: 'module' });
          const reading = new Worker(urls.reader, { type: 'module' });
          const start = performance.now();
          const sha256 = await new Promise<string>((resolve, reject) => {
            hashing.onmessage = (event) => {
              if (event.data.type === 'done') resolve(event.data.sha256);
              if (event.data.type === 'error') reject(new Error(event.data.message));
            };
            const { port1, port2 } = new MessageChannel();
            hashing.postMessage({ port: port1 }, [port1]);
            reading.postMessage({ file, port: port2 }, [port2]);
          });
          const milliseconds = performance.now() - start;
          hashing.terminate();
          reading.terminate();
          return { sha256, milliseconds };
        },
        { hasher: `${site.url}/assets/${hasher}`, reader: `${site.url}/assets/${reader}` },
      );
      if (result.sha256 !== reference.split(' ')[0])
        throw new Error(`The browser's SHA-256 ${result.sha256} is not openssl's ${reference}`);
      browserRates.push(mb / (result.milliseconds / 1000));
      loads.push(`${before} -> ${loadAverage()}`);
      console.log(
        `round ${round + 1}: openssl ${openssl.at(-1)!.toFixed(0)} MB/s, browser ${browserRates.at(-1)!.toFixed(0)} MB/s (load ${loads.at(-1)})`,
      );
    }
  } finally {
    await browser.close();
    site.close();
    rmSync(path, { force: true });
  }
  for (const [name, rates] of [
    ['openssl dgst -sha256', openssl],
    ['browser SHA-256 (Worker)', browserRates],
  ] as const) {
    const { median, min, max } = stats(rates);
    console.log(
      `${name.padEnd(28)} median ${median.toFixed(0)} MB/s (min ${min.toFixed(0)}, max ${max.toFixed(0)})`,
    );
  }
  const ratio = stats(browserRates).median / stats(openssl).median;
  console.log(`browser / openssl (medians): ${ratio.toFixed(2)}`);
  console.log(
    `browser hashing goal 250 MB/s: ${stats(browserRates).median >= 250 ? 'met' : 'NOT met'}`,
  );
  console.log(`load average after: ${loadAverage()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
