// npm run test:mutation [-- [--fresh] <module>...]: StrykerJS over each security module of
// scripts/mutation/modules.mjs (all of them without a name), then one line per module with its
// counts, score and run time, and every surviving mutant (docs/testing.md#mutation). Not in CI:
// a module takes minutes on two cores.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MODULES } from './mutation/modules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const GOAL = 80;
const args = process.argv.slice(2);
// --fresh: forget the incremental results (reports/mutation/<module>.incremental.json) and run
// every mutant again, as the figures of docs/testing.md#mutation were measured.
const isFresh = args.includes('--fresh');
const names = args.filter((a) => a !== '--fresh');
for (const name of names) {
  if (!MODULES[name]) {
    console.error(`unknown module ${name}; modules: ${Object.keys(MODULES).join(', ')}`);
    process.exit(2);
  }
}

/** Counts of a Stryker JSON report (mutation-testing-report-schema). */
function summarise(report) {
  const counts = { mutants: 0, Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0, other: 0 };
  const survivors = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.status === 'Ignored') continue;
      counts.mutants++;
      if (m.status in counts) counts[m.status]++;
      else counts.other++;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        const at = `${path.relative(root, path.resolve(root, file))}:${m.location.start.line}`;
        survivors.push(`${m.status.padEnd(10)} ${at} ${m.mutatorName}: ${m.replacement ?? ''}`);
      }
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { counts, survivors, score: valid ? (100 * detected) / valid : 100 };
}

const lines = [];
let isBelowGoal = false;
for (const name of names.length ? names : Object.keys(MODULES)) {
  if (isFresh)
    fs.rmSync(path.join(root, 'reports/mutation', `${name}.incremental.json`), { force: true });
  const started = Date.now();
  const status =
    spawnSync(
      process.execPath,
      ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker.config.mjs'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, MUTATION_MODULE: name } },
    ).status ?? 1;
  const seconds = Math.round((Date.now() - started) / 1000);
  const file = path.join(root, 'reports/mutation', `${name}.json`);
  if (status !== 0 || !fs.existsSync(file)) {
    lines.push(`${name}: Stryker failed (exit ${status})`);
    isBelowGoal = true;
    continue;
  }
  const { counts, survivors, score } = summarise(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (score < GOAL) isBelowGoal = true;
  lines.push(
    `${name}: ${counts.mutants} mutants, ${counts.Killed} killed, ${counts.Survived} survived, ` +
      `${counts.Timeout} timeout, ${counts.NoCoverage} no coverage, ${counts.other} other, ` +
      `score ${score.toFixed(1)}%, ${seconds} s`,
    ...survivors.map((s) => `  ${s}`),
  );
}
console.log(`\n${lines.join('\n')}`);
process.exit(isBelowGoal ? 1 : 0);
