// npm test: every test (unit and API with Vitest, browser with Playwright), then one closing
// line with the totals: "tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2]; // 'unit' or 'e2e' to run one half

const run = (args, env = {}) =>
  spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status ?? 1;
const readJson = (file) =>
  fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;

let passed = 0;
let failed = 0;
let isRunnerFailure = false;

if (only !== 'e2e') {
  const file = path.join(out, 'vitest.json');
  fs.rmSync(file, { force: true });
  const status = run([
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = readJson(file);
  passed += report?.numPassedTests ?? 0;
  failed += report?.numFailedTests ?? 0;
  if (status !== 0 || !report) isRunnerFailure = true;
}

if (only !== 'unit') {
  const file = path.join(out, 'playwright.json');
  fs.rmSync(file, { force: true });
  const status = run(
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      '--reporter=list,json',
    ],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  );
  const stats = readJson(file)?.stats;
  // Retries are off (e2e/playwright.config.ts); were one turned on, a pass on retry still fails.
  passed += stats?.expected ?? 0;
  failed += (stats?.unexpected ?? 0) + (stats?.flaky ?? 0);
  if (status !== 0 || !stats) isRunnerFailure = true;
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(isRunnerFailure || failed > 0 ? 1 : 0);
