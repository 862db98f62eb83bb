import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One run covers every unit and API test; browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most of an API test's
    // time is waiting (a database, a spawned server, SMTP on loopback), so two files at a time
    // (docs/testing.md#duration).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/*/src/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // One migrated embedded database per run, copied by each file (no initdb per file), and
          // one bundle of the server for the tests that start it as a process.
          globalSetup: [
            'apps/server/test/support/pglite-template.ts',
            'apps/server/test/support/server-bundle.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // '@/...' is the SPA's alias for apps/web/src (as in apps/web/vite.config.ts).
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] },
      },
    ],
  },
});
