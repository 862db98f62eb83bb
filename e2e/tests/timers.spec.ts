import type { Page } from '@playwright/test';
import { createUser } from '../support/api';
import {
  expect,
  openDashboardOnClock,
  openSignedIn,
  submitCredentials,
  test,
} from '../support/fixtures';

test('the code page sends the visitor back to sign in after 5 minutes without a code', async ({
  page,
  stack,
  url,
}) => {
  const user = await createUser(stack);
  await page.clock.install();
  await page.goto(url('/auth'));
  await submitCredentials(page, user);
  await expect(page.getByText('Choose how you want to sign in')).toBeVisible();

  await page.clock.fastForward('04:50');
  await expect(page).toHaveURL(/\/auth\/otp$/);
  await page.clock.fastForward('00:11');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status')).toContainText(
    'Redirected because not entered the OTP within the past 5 minutes.',
  );
  // The e-mail is kept for the next try.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
});

/**
 * Lets the page's clock run `minutes`, the user moving the pointer every five minutes: active, so
 * the idle limit (20 minutes without use, docs/web.md#idle) does not end the session first.
 */
async function runWhileActive(page: Page, minutes: number) {
  for (let left = minutes; left > 0; left -= 5) {
    await page.clock.fastForward(`${String(Math.min(5, left)).padStart(2, '0')}:00`);
    await page.mouse.move(20 + left, 40 + (left % 7));
  }
}

test('the idle modal appears a minute before expiry, Keep Me Logged in renews, expiry asks to sign in again', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack);
  await openDashboardOnClock(page, stack, user);
  const idle = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await expect(idle).toHaveCount(0);

  // 58 minutes in, in use all along: still quiet. 59 minutes in: the prompt.
  await runWhileActive(page, 58);
  await expect(idle).toHaveCount(0);
  await page.clock.fastForward('01:05');
  await expect(idle).toBeVisible();
  await expect(idle.getByRole('button', { name: 'Logout Now' })).toBeVisible();
  const before = await page.evaluate(() => localStorage.getItem('authExp'));

  // Keep Me Logged in refreshes the session: a later expiry comes back in the authid header.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
  await idle.getByRole('button', { name: 'Keep Me Logged in' }).click();
  expect((await refreshed).status()).toBe(200);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authExp'))).not.toBe(before);

  // Let the (browser) clock run past the new expiry, still in use: the session is over.
  await runWhileActive(page, 70);
  const ended = page.getByRole('dialog', { name: 'Session ended' });
  await expect(ended.getByText('Please Login again.')).toBeVisible();
  await ended.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('Logout Now signs out from the idle modal', async ({ page, stack }) => {
  const user = await createUser(stack);
  await openDashboardOnClock(page, stack, user);
  await runWhileActive(page, 59);
  await page.clock.fastForward('00:10');
  const idle = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await idle.getByRole('button', { name: 'Logout Now' }).click();
  await expect(page).toHaveURL(/\/auth(\/login)?$/);
  expect(await page.evaluate(() => localStorage.getItem('api_token'))).toBeNull();
});

test('a loading screen shows until the profile arrives, then the page', async ({ page, stack }) => {
  const user = await createUser(stack);
  // The profile answers after a second and a half, as on a slow line.
  await page.route('**/api/v1/auth/profile', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await openSignedIn(page, stack, user);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
});
