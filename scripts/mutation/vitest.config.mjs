import { defineConfig } from 'vitest/config';
import { MODULES } from './modules.mjs';

// The Vitest configuration of one mutation run: only the module's tests (MUTATION_MODULE), with
// the server project's global setup and timeouts when it has API tests (as vitest.config.ts).
// Without MUTATION_MODULE (a tool reading this file, such as knip) no test is included.
const name = process.env.MUTATION_MODULE ?? '';
const module = name === '' ? { mutate: [], tests: [] } : MODULES[name];
if (!module) throw new Error(`MUTATION_MODULE names no module of scripts/mutation/modules.mjs`);
const hasServerTests = module.tests.some((file) => file.startsWith('apps/server/'));

export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: {
    include: module.tests,
    globalSetup: hasServerTests ? ['apps/server/test/support/pglite-template.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
