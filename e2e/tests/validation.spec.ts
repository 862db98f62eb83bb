import type { Locator, Page } from '@playwright/test';
import { extractLink } from '../../apps/server/test/support/smtp-catcher';
import { api, createUser, invite, mailMark, newTestUser, nextMail } from '../support/api';
import { expect, openSignedIn, test } from '../support/fixtures';

// Every validation message of sign-in, sign-up, forgot, reset and contact (docs/product.md#validation),
// shown under its field once the field is touched.

const field = (page: Page | Locator, name: string) =>
  page.getByRole('textbox', { name, exact: true });

/** Types `value`, leaves the field, and expects `message` as the field's error. */
async function expectError(input: Locator, value: string, message: string) {
  await input.fill(value);
  await input.blur();
  await expect(input).toHaveAccessibleDescription(message);
}

async function expectNoError(input: Locator, value: string) {
  await input.fill(value);
  await input.blur();
  await expect(input).toHaveAccessibleDescription('');
}

const longEmail = `${'a'.repeat(120)}@example.com`;

async function checkEmailRules(page: Page) {
  const email = field(page, 'Email');
  await expectError(email, '', 'Email is required');
  await expectError(email, 'ab', 'Minimum 3 symbols');
  await expectError(email, 'abc', 'Wrong email format');
  await expectError(email, 'ann@example', 'Wrong email format');
  await expectError(email, longEmail, 'Maximum 128 symbols');
  await expectNoError(email, 'ann@example.com');
}

test('sign in', async ({ page, url }) => {
  // Continue waits for the public address; the page drops the VerifyId key.
  let releaseIp = () => {};
  const ipHeld = new Promise<void>((resolve) => {
    releaseIp = resolve;
  });
  await page.route('**/api/v1/ip', async (route) => {
    await ipHeld;
    await route.continue();
  });
  await page.goto(url('/version'));
  await page.evaluate(() => localStorage.setItem('VerifyId', 'pending'));
  await page.goto(url('/auth'));
  // The live page, not the copy painted at build time (docs/web.md#static-sign-in): its button
  // is disabled too, and it drops nothing.
  await expect(page.locator('[data-static-page]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('VerifyId'))).toBeNull();
  releaseIp();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();

  // Nothing shows before the fields are touched; a submit touches them all.
  await expect(field(page, 'Email')).toHaveAccessibleDescription('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(field(page, 'Email')).toHaveAccessibleDescription('Email is required');
  await expect(field(page, 'Password')).toHaveAccessibleDescription('Password is required');

  await checkEmailRules(page);
  const password = field(page, 'Password');
  await expectError(password, '', 'Password is required');
  await expectError(password, 'ab', 'Minimum 3 symbols');
  await expectError(password, 'x'.repeat(65), 'Maximum 64 symbols');
  await expectNoError(password, 'abc');
});

test('forgot password', async ({ page, url }) => {
  await page.goto(url('/auth/forgot-password'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(field(page, 'Email')).toHaveAccessibleDescription('Email is required');
  await checkEmailRules(page);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/auth(\/login)?$/);
});

test('reset password', async ({ page, stack, url }) => {
  const user = await createUser(stack);
  const since = mailMark(stack);
  await api(stack, '/auth/reset_password', { body: { email: user.email } });
  const link = extractLink(await nextMail(stack, user.email, since), '/auth/reset-password?token=');
  await page.goto(url(link.slice(link.indexOf('/auth/reset-password'))));
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(
    page.getByText('Password must be at least 8 character and contain symbols'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  const next = field(page, 'New Password');
  const confirm = field(page, 'Confirm New Password');
  await expect(next).toHaveAccessibleDescription('Password is required');
  await expect(confirm).toHaveAccessibleDescription('Password confirmation is required');
  await expectError(next, 'ab', 'Minimum 3 symbols');
  await expectError(next, 'x'.repeat(51), 'Maximum 50 symbols');
  await expectNoError(next, 'abc');
  await expectError(confirm, 'abd', 'Passwords must match');
  await expectError(confirm, 'x'.repeat(51), 'Maximum 50 symbols');
  await expectNoError(confirm, 'abc');
});

test('complete your account', async ({ page, stack, url }) => {
  const user = newTestUser('sam');
  const link = await invite(stack, user.email);
  await page.goto(url(link.slice(link.indexOf('/auth/register'))));
  await expect(page.getByRole('heading', { name: 'Complete Your Account' })).toBeVisible();

  const first = field(page, 'First Name');
  await expectError(first, '', 'First name is required');
  await expectError(first, '   ', 'First name is required');
  await expectError(first, 'x'.repeat(51), 'Maximum 50 symbols');
  await expectNoError(first, 'Sam');

  const last = field(page, 'Last Name');
  await expectError(last, '', 'Last name is required');
  await expectError(last, 'x'.repeat(51), 'Maximum 50 symbols');
  await expectNoError(last, 'Smith');

  const password = field(page, 'Password');
  await expectError(password, '', 'Password is required');
  await expectError(password, 'Ab1', 'Minimum 8 symbols');
  await expectError(
    password,
    'abcdefgh',
    'At least 1 uppercase, and 1 number password is required.',
  );
  await expectError(
    password,
    'Abcdefgh',
    'At least 1 uppercase, and 1 number password is required.',
  );
  await expectError(password, `A1${'x'.repeat(63)}`, 'Maximum 64 symbols');
  await expectNoError(password, 'Abcdefg1');
  // The strength meter follows the password.
  await expect(page.getByText('A special character')).toBeVisible();

  const confirm = field(page, 'Confirm Password');
  await expectError(confirm, '', 'Password confirmation is required');
  await expectError(confirm, 'Abcdefg2', 'Passwords must match');
  await expectError(confirm, 'x'.repeat(65), 'Maximum 64 symbols');
  await expectNoError(confirm, 'Abcdefg1');

  const phone = field(page, 'Telephone');
  await expectError(phone, '', 'Telephone is required');
  await expectError(phone, '1'.repeat(18), 'Maximum 17 symbols');
  await expectNoError(phone, '+1 555 0100');

  const address = field(page, 'Address');
  await expectError(address, 'x'.repeat(256), 'Maximum 255 symbols');
  await expectNoError(address, '');

  // Terms: declining the dialog leaves them unaccepted, which is an error once touched.
  const terms = page.getByRole('checkbox', { name: 'I Agree the terms and conditions' });
  await terms.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(terms).not.toBeChecked();
  await expect(terms).toHaveAccessibleDescription('Accepting terms & conditions are required');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await terms.click();
  await page.getByRole('dialog').getByRole('button', { name: 'I Agree', exact: true }).click();
  await expect(terms).toBeChecked();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/auth(\/login)?$/);
});

test('contact us', async ({ page, stack }) => {
  const user = await createUser(stack);
  await openSignedIn(page, stack, user);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  // Validated on mount: submit is disabled from the start.
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  const subject = field(dialog, 'Subject');
  await expectError(subject, '', 'Subject is required');
  await expectError(subject, 'abc', 'Minimum 4 symbols');
  await expectError(subject, 'x'.repeat(101), 'Maximum 150 symbols');
  await expectNoError(subject, 'Terminal question');

  const content = field(dialog, 'Content');
  await expectError(content, '', 'Content is required');
  await expectError(content, 'abc', 'Minimum 4 symbols');
  await expectError(content, 'x'.repeat(501), 'Maximum 500 symbols');
  await expectNoError(content, 'How do I erase a key on a model that is not listed?');
  await expect(submit).toBeEnabled();

  // 'Please wait...' while sending; then the generic action message.
  await page.route('**/api/v1/msg/us', async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });
  await submit.click();
  await expect(dialog.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  await expect(page.getByText('Contact Us Success!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The message reaches the support mailbox.
  await expect
    .poll(() => stack.smtp.mails.some((m) => m.subject.includes('Terminal question')))
    .toBe(true);
});
