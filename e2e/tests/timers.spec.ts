import { createUser } from '../support/api';
import { expect, openSignedIn, submitCredentials, test } from '../support/fixtures';

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

test('the idle modal appears a minute before expiry, Keep Me Logged in renews, expiry asks to sign in again', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack);
  await page.clock.install();
  await openSignedIn(page, stack, user);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  const idle = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await expect(idle).toHaveCount(0);

  // 58 minutes in: still quiet. 59 minutes in: the prompt.
  await page.clock.fastForward('58:00');
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

  // Let the (browser) clock run past the new expiry: the session is over.
  await page.clock.fastForward('01:10:00');
  const ended = page.getByRole('dialog', { name: 'Session ended' });
  await expect(ended.getByText('Please Login again.')).toBeVisible();
  await ended.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('Logout Now signs out from the idle modal', async ({ page, stack }) => {
  const user = await createUser(stack);
  await page.clock.install();
  await openSignedIn(page, stack, user);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  await page.clock.fastForward('59:10');
  const idle = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await idle.getByRole('button', { name: 'Logout Now' }).click();
  await expect(page).toHaveURL(/\/auth(\/login)?$/);
  expect(await page.evaluate(() => localStorage.getItem('api_token'))).toBeNull();
});
