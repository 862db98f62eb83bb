import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../support/paths';

// The README's quick start: `npm start` builds what is missing and serves the console and its API
// on one port, on the embedded database, and prints the first user's invitation.
test('npm start serves the console, the API and the first invitation', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tkc-start-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SMTP_URL: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await expect
      .poll(() => output, { timeout: 100_000 })
      .toMatch(/Open this link to create the first account/);
    const base = /Server listening on (http:\/\/\S+)/.exec(output)?.[1];
    const link = /first account \(valid 7 days\): (\S+)/.exec(output)?.[1];
    expect(base).toBeTruthy();
    expect(link).toMatch(/\/auth\/register\?api_token=/);
    expect(output).toMatch(/\[mail\] outbox: to owner@localhost/);
    const health = await page.request.get(`${base}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    // The invitation link opens Complete Your Account on the served SPA.
    const port = new URL(base!).port;
    await page.goto(link!.replace(/localhost:\d+/, `127.0.0.1:${port}`));
    await expect(page.getByRole('heading', { name: 'Complete Your Account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('owner@localhost');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
