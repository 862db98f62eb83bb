import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
// The suite's own `test` (one kind of worker for every file); this test uses no fixture of it.
import { expect, test } from '../support/fixtures';
import { isShooting, repoRoot, screenshotDir } from '../support/paths';

// The README's quick start, to the letter: `npm start` in the clone, with none of the variables the
// README lists as optional (so port 3458, ./data, no SMTP server, the default owner), then the
// printed link, the first account, the dashboard, sign-out, and a sign-in with the code the console
// printed. Every other browser test starts its server with settings of its own; this one must not.

const README_PORT = 3458;
const README_URL = `http://localhost:${README_PORT}`;
const dataDir = join(repoRoot, 'data');
/** Every variable of the README's configuration table: none may reach the server. */
const CONFIG_VARIABLES =
  /^(PORT|HOST|DATA_DIR|DATABASE_URL|SMTP_URL|MAIL_FROM|PUBLIC_URL|MASTER_KEY|SESSION_TTL_S|IDLE_TIMEOUT_S|TRUST_PROXY|LOG_LEVEL|ACCESS_LOG|OWNER_EMAIL|SUPPORT_EMAIL|PLATFORM_COMPANY_CODE|HQSC_COMPANY_CODE|WEB_DIST|RATE_LIMIT_OFF|FEATURE_.*|METRICS_TOKEN|.*_LIMIT_.*)$/;

const readmeEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !CONFIG_VARIABLES.test(key)));

const isPortOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Whether any process of the group is still alive (npm, start.mjs and the server share it). */
const isGroupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopGroup(child: ChildProcess) {
  const pgid = child.pid!;
  if (isGroupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  // Wait for the server's own exit (not npm's): the whole group gone, then SIGKILL after 10 s.
  const deadline = Date.now() + 10_000;
  while (isGroupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isGroupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
}

/** docs/screenshots/<name>-1440.png and -390.png, each once `ready` shows; back to the test's size. */
async function shootAtWidths(page: Page, name: string, ready: Locator) {
  mkdirSync(screenshotDir, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(ready).toBeVisible();
    if (isShooting) await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the README first run: npm start, the printed link, the first account, sign-out and sign-in with the printed code', async ({
  page,
}) => {
  test.setTimeout(240_000);
  expect(
    await isPortOpen(README_PORT),
    `port ${README_PORT} is in use: stop the console you started with npm start, then run the tests`,
  ).toBe(false);
  // A developer's own ./data is kept aside for the test and put back afterwards.
  const kept = existsSync(dataDir) ? `${dataDir}.kept-by-e2e-${process.pid}` : undefined;
  if (kept) renameSync(dataDir, kept);

  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: readmeEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await expect
      .poll(() => output, { timeout: 200_000 })
      .toMatch(/Open this link to create the first account/);
    const link = /first account \(valid 7 days\): (\S+)/.exec(output)?.[1];
    expect(link).toMatch(new RegExp(`^${README_URL}/auth/register\\?api_token=`));
    const owner = /invited (\S+) as platform owner/.exec(output)?.[1];
    expect(owner).toBe('owner@example.com');

    // The printed link opens Complete Your Account; the invited address passes the form's rule.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Complete Your Account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(owner!);
    await expect(page.getByText('Wrong email format')).toHaveCount(0);
    await shootAtWidths(
      page,
      'first-run-register',
      page.getByRole('heading', { name: 'Complete Your Account' }),
    );
    await page.getByRole('textbox', { name: 'First Name' }).fill('Olivia');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Owner');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Owner2025!');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Owner2025!');
    await page.getByRole('textbox', { name: 'Telephone' }).fill('+886 2 2345 6789');
    await page.getByRole('checkbox', { name: 'I Agree the terms and conditions' }).click();
    await page
      .getByRole('dialog', { name: 'Terms and conditions' })
      .getByRole('button', { name: 'I Agree', exact: true })
      .click();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(`${README_URL}/dashboard`, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: /Olivia/ })).toBeVisible();
    // The first dashboard a newcomer sees, on a desktop and on a phone (docs/web.md#first-run).
    await shootAtWidths(page, 'first-run-dashboard', page.getByRole('heading', { name: /Olivia/ }));

    // Sign out, then sign in again with the code the console printed (no SMTP server).
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(owner!);
    await page.getByRole('textbox', { name: 'Password' }).fill('Owner2025!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Two Step Authentication' })).toBeVisible();
    const before = output.length;
    await page.getByRole('button', { name: 'Email' }).click();
    await expect.poll(() => output.slice(before), { timeout: 20_000 }).toMatch(/code \d{6}/);
    const code = /\[mail\] outbox: to (\S+) .*\| code (\d{6})/.exec(output.slice(before));
    expect(code?.[1]).toBe(owner);
    await page.getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(code![2]!, { delay: 30 });
    await expect(page).toHaveURL(`${README_URL}/dashboard`);
    await expect(page.getByRole('heading', { name: /Olivia/ })).toBeVisible();

    // A quiet console: the build, the start, the two mails and nothing per request or file.
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    console.log(`npm start printed ${lines.length} lines for the first run`);
    expect(lines.length, output).toBeLessThanOrEqual(40);
    expect(output).not.toMatch(/incoming request|request completed|dist\/assets\//);
  } catch (error) {
    console.log(`npm start printed:\n${output}`);
    throw error;
  } finally {
    await stopGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (kept) renameSync(kept, dataDir);
  }
});
