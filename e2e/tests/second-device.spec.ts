import { createUser } from '../support/api';
import {
  expect,
  openSignedIn,
  signInWithEmailCode,
  submitCredentials,
  test,
} from '../support/fixtures';

test('a second device gets 409, logs the other device out with a new code, and the first device is told to sign in again', async ({
  browser,
  page,
  stack,
  url,
}) => {
  const user = await createUser(stack, 'erk-user', 'dora');

  // Device 1: signed in.
  await openSignedIn(page, stack, user);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();

  // Device 2: another browser.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(url('/auth'));
  await submitCredentials(page2, user);
  await expect(page2.getByRole('alert')).toContainText(
    'Logging in multiple devices is not allowed',
  );
  const logoutOther = page2.getByRole('button', { name: 'Logout Other Device' });
  await expect(logoutOther).toBeVisible();
  await logoutOther.click();

  await expect(page2.getByRole('heading', { name: 'Two Step Authentication' })).toBeVisible();
  await expect(
    page2.getByText(/fill in the new verification code to logout other device/),
  ).toBeVisible();
  await signInWithEmailCode(page2, stack, user.email);
  await expect(page2).toHaveURL(/\/dashboard$/);
  await expect(
    page2.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();

  // Device 1's next call answers 401: the session modal asks to sign in again.
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Still there?');
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Checking my session.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const ended = page.getByRole('dialog', { name: 'Session ended' });
  await expect(ended.getByText('Please Login again.')).toBeVisible();
  await ended.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('api_token'))).toBeNull();
  await other.close();
});
