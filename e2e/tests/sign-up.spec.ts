import { extractCode, extractLink } from '../../apps/server/test/support/smtp-catcher';
import { mailMark, nextMail } from '../support/api';
import { expect, submitCredentials, test, typeCode } from '../support/fixtures';
import { shootBothSchemes } from '../support/screenshots';

test('the owner completes the invitation, reaches the dashboard, and signs in again with an e-mail code', async ({
  page,
  stack,
  url,
}) => {
  // The server mailed the owner's invitation on first start (it may land just after the start).
  const invitation = await nextMail(stack, stack.ownerEmail, 0);
  const link = extractLink(invitation, '/auth/register?api_token=');
  const path = link.slice(link.indexOf('/auth/register'));

  // Hold the invitation lookup a moment so 'Verifying...' can be seen.
  await page.route('**/api/v1/auth/registration/verify', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.goto(url(path));
  await expect(page.getByText('Verifying...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete Your Account' })).toBeVisible();

  // E-mail and company come from the invitation, read-only.
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveValue(stack.ownerEmail);
  await expect(email).toHaveAttribute('readonly', '');
  const company = page.getByRole('textbox', { name: 'Company' });
  await expect(company).toHaveValue('Platform Headquarters');
  await expect(company).toHaveAttribute('readonly', '');
  // The time zone defaults to the browser's (the test browser runs in Europe/Berlin).
  await expect(page.getByRole('combobox', { name: 'Time Zone' })).toHaveValue(/Europe\/Berlin/);

  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByRole('textbox', { name: 'First Name' }).fill('Olivia');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Owner');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Owner2025!');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Owner2025!');
  await page.getByRole('textbox', { name: 'Telephone' }).fill('+886 2 2345 6789');
  await page.getByRole('textbox', { name: 'Address' }).fill('1 Harbour Road, Taipei');
  // Valid but the terms are not accepted yet.
  await expect(submit).toBeDisabled();

  // The checkbox opens the scrollable terms; accepting them ticks it.
  await page.getByRole('checkbox', { name: 'I Agree the terms and conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(terms).toBeVisible();
  await expect(terms.getByText('Sensitive data', { exact: true })).toBeVisible();
  await terms.getByRole('button', { name: 'I Agree', exact: true }).click();
  await expect(
    page.getByRole('checkbox', { name: 'I Agree the terms and conditions' }),
  ).toBeChecked();
  await expect(submit).toBeEnabled();

  await submit.click();
  await expect(page.getByRole('heading', { name: 'Welcome.' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The session the sign-up opened: "Welcome"; every later sign-in: "Welcome back".
  await expect(page.getByRole('heading', { name: 'Welcome, Olivia' })).toBeVisible();
  // The owner holds no feature role: not told to ask an administrator, pointed to the menu.
  await expect(
    page.getByText(/Your administrator roles open the tools from the menu/),
  ).toBeVisible();
  await expect(page.getByText(/Ask your administrator for a role/)).toHaveCount(0);
  await expect(page.getByText('Enable the MFA to improve your account security')).toBeVisible();
  // The sign-up asks the dashboard to suggest a second factor (confirmMFA in local storage).
  expect(await page.evaluate(() => localStorage.getItem('confirmMFA'))).toBe('true');
  // The owner sees the management menu.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const label of [
    'Dashboard',
    'User Guide',
    'Audit Log',
    'User',
    'Company',
    'Key Erase',
    'Signer',
    'CAP Maker',
    'Account and Settings',
    'Model',
  ]) {
    await expect(menu.getByText(label, { exact: true })).toBeVisible();
  }

  await shootBothSchemes(page, 'shell');

  // Sign out from the user menu.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText(stack.ownerEmail)).toBeVisible();
  await expect(page.getByRole('menu').getByText('Platform Owner')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth(\/login)?$/);

  // Sign in again: the code comes by e-mail.
  await submitCredentials(page, { email: stack.ownerEmail, password: 'Owner2025!' });
  await expect(page.getByRole('heading', { name: 'Two Step Authentication' })).toBeVisible();
  await expect(page.getByText('Choose how you want to sign in')).toBeVisible();
  const since = mailMark(stack);
  await page.getByRole('button', { name: 'Email' }).click();
  const code = extractCode(await nextMail(stack, stack.ownerEmail, since));
  await expect(page.getByRole('textbox', { name: 'Digit 1' })).toBeVisible();
  await typeCode(page, code);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Olivia' })).toBeVisible();

  // E-mail is now the saved method: the next sign-in sends the code before leaving the page.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  const since2 = mailMark(stack);
  await page.route('**/api/v1/auth/login/otp', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await submitCredentials(page, { email: stack.ownerEmail, password: 'Owner2025!' });
  await expect(page.getByRole('button', { name: 'Sending OTP to your email...' })).toBeDisabled();
  await expect(page.getByText(/Enter the 6-digit code sent to/)).toBeVisible();
  const code2 = extractCode(await nextMail(stack, stack.ownerEmail, since2));
  await typeCode(page, code2);
  await expect(page).toHaveURL(/\/dashboard$/);
});
