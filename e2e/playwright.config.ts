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
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
