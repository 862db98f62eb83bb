import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One run covers every unit and API test; browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/*/src/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // One migrated embedded database per run, copied by each file (no initdb per file).
          globalSetup: ['apps/server/test/support/pglite-template.ts'],
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
