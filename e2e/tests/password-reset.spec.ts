import { extractLink } from '../../apps/server/test/support/smtp-catcher';
import { createUser, mailMark, nextMail } from '../support/api';
import { expect, submitCredentials, test } from '../support/fixtures';

test('forgot password mails a link; the reset page sets a new password that signs in', async ({
  page,
  stack,
  url,
}) => {
  const user = await createUser(stack, 'cap-user', 'rita');

  // The link on the sign-in page carries the typed e-mail.
  await page.goto(url('/auth'));
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('link', { name: 'Forgot Password ?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);

  const since = mailMark(stack);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please Check Your Email for Updating Password.')).toBeVisible();
  await expect(page.getByText('Password reset mail sent')).toBeVisible();
  // Back to / (then sign in) after 4 seconds.
  await expect(page).toHaveURL(/\/auth$/, { timeout: 8_000 });

  const link = extractLink(await nextMail(stack, user.email, since), '/auth/reset-password?token=');
  await page.goto(url(link.slice(link.indexOf('/auth/reset-password'))));
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(
    page.getByText('Password must be at least 8 character and contain symbols'),
  ).toBeVisible();
  // The same strength meter as sign-up: a weak password shows how far it falls short.
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('brand');
  await expect(page.getByRole('progressbar', { name: 'Password strength' })).toBeVisible();
  await expect(page.getByText('20%')).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Brand-new-9');
  await expect(page.getByText('100%')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Brand-new-9');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page
      .getByRole('status')
      .getByText('Your Password has been Reset successfully, please login again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 9_000 });

  // The old password no longer works; the new one does.
  await submitCredentials(page, user);
  await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
  await submitCredentials(page, { email: user.email, password: 'Brand-new-9' });
  await expect(page.getByRole('heading', { name: 'Two Step Authentication' })).toBeVisible();

  // The link is single use: opening it again is a Not Valid Link.
  await page.goto(url(link.slice(link.indexOf('/auth/reset-password'))));
  await expect(page.getByRole('heading', { name: 'Not Valid Link' })).toBeVisible();
});
