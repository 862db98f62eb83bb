// npm test: every test (unit and API with Vitest, browser with Playwright), then the count by
// kind (scripts/test-counts.mjs) and one closing line with the totals: "tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { countByKind, countLines } from './test-counts.mjs';

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

let vitestReport;
let playwrightStats;
const ran = [];
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
  vitestReport = readJson(file);
  ran.push('api', 'unit', 'catalogue');
  if (status !== 0 || !vitestReport) isRunnerFailure = true;
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
  // Retries are off (e2e/playwright.config.ts); were one turned on, a pass on retry still fails.
  playwrightStats = readJson(file)?.stats;
  ran.push('browser');
  if (status !== 0 || !playwrightStats) isRunnerFailure = true;
}

const counts = countByKind(root, vitestReport, playwrightStats);
const passed = Object.values(counts).reduce((sum, c) => sum + c.passed, 0);
const failed = Object.values(counts).reduce((sum, c) => sum + c.failed, 0);
console.log(`\n${countLines(counts, ran).join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(isRunnerFailure || failed > 0 ? 1 : 0);
