import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium';

// Browser tests: Debian's Chromium against the real server (one per worker, on a free port, with a
// fresh data folder and a real SMTP catcher on loopback). The SPA must be built (global setup
// builds it once when apps/web/dist is missing).
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // No retries, on CI or anywhere: a test that passes only on a second try is a failing test.
  retries: 0,
  timeout: 60_000,
  // 15 s: two browsers, two servers and PostgreSQL share 2 cores; a signed-in page's first load
  // costs about 1.5 s of renderer CPU, several seconds of wall time while the other worker loads
  // pages too (docs/testing.md#browser-tests).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    // No screencast in the trace: it cost a quarter of the run's CPU (docs/testing.md#browser-tests);
    // the failure screenshot and the DOM snapshots remain.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
