import { api, createUser } from '../support/api';
import { expect, openDashboardOnClock, test } from '../support/fixtures';

// Issue 17, item 1: an idle user is signed out after IDLE_TIMEOUT_S (the default 20 minutes,
// served by GET /config) without using the console in any tab; a warning comes a minute before;
// the server ends the session too. The page's clock is Playwright's, so minutes pass at once.

const WARNING = 'You have not used the console for a while.';

test('20 minutes without use: a warning a minute before, then signed out on the server too', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack);
  const session = await openDashboardOnClock(page, stack, user);
  const prompt = page.getByRole('dialog', { name: 'Your session is about to expire' });

  // Used at minute 12: the 20 minutes count from there.
  await page.clock.fastForward('12:00');
  await page.mouse.move(200, 200);
  await page.clock.fastForward('18:30');
  await expect(prompt).toHaveCount(0);
  await page.clock.fastForward('00:45');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(WARNING);
  // Reading the warning (moving the pointer over it) is not using the console.
  await page.mouse.move(300, 300);
  await page.clock.fastForward('00:20');
  await expect(prompt).toContainText(WARNING);

  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/logout'));
  await page.clock.fastForward('00:30');
  expect((await loggedOut).status()).toBe(200);
  const ended = page.getByRole('dialog', { name: 'Session ended' });
  await expect(ended.getByText('Please Login again.')).toBeVisible();
  // The server has ended it: the old token opens nothing.
  const profile = await api(stack, '/auth/profile', { method: 'GET', token: session.token });
  expect(profile.status).toBe(401);
  await ended.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('Keep Me Logged in on the idle warning counts as use; use in another tab counts for all', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack);
  await openDashboardOnClock(page, stack, user);
  const prompt = page.getByRole('dialog', { name: 'Your session is about to expire' });

  await page.clock.fastForward('19:10');
  await expect(prompt).toContainText(WARNING);
  await prompt.getByRole('button', { name: 'Keep Me Logged in' }).click();
  await expect(prompt).toHaveCount(0);

  // A second tab of the same browser; only it is used from now on.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(
    other.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  // The tabs share the last activity through local storage, which Chromium hands from one
  // tab's process to the other's a moment later; a user's minutes apart are always longer than
  // that moment, the test's steps are not, so each step waits until the first tab has it.
  const lastActivityIn = (tab: typeof page) =>
    tab.evaluate(() => localStorage.getItem('last_activity'));
  for (let minute = 0; minute < 30; minute += 5) {
    await page.clock.fastForward('05:00');
    await other.mouse.move(100 + minute, 100);
    const written = await lastActivityIn(other);
    await expect.poll(() => lastActivityIn(page)).toBe(written);
  }
  // 30 minutes since the first tab was used, and it is still signed in, with no warning.
  await page.clock.fastForward('00:05');
  await expect(prompt).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Session ended' })).toHaveCount(0);
  await other.close();
});
