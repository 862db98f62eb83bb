import { MODULES } from './scripts/mutation/modules.mjs';

// StrykerJS over one security module at a time (MUTATION_MODULE, set by scripts/mutation.mjs;
// docs/testing.md#mutation). Mutants are written in place, not into a sandbox copy, so that
// workspace packages (`@tkc/contracts`, `@tkc/terminal`) resolve to the mutated sources.
// Without MUTATION_MODULE (a tool reading this file, such as knip) nothing is mutated.
const name = process.env.MUTATION_MODULE ?? '';
const module = name === '' ? { mutate: [], tests: [] } : MODULES[name];
if (!module) throw new Error(`MUTATION_MODULE names no module of scripts/mutation/modules.mjs`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.config.mjs', related: false },
  mutate: module.mutate,
  coverageAnalysis: 'perTest',
  inPlace: true,
  concurrency: 2,
  timeoutMS: 20_000,
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: `reports/mutation/.stryker-tmp-${name}`,
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
