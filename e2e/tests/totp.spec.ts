import {
  createUser,
  logoutThroughApi,
  setUpTotp,
  signInThroughApi,
  totpCode,
} from '../support/api';
import { expect, submitCredentials, test, typeCode } from '../support/fixtures';
import { shootBothSchemes } from '../support/screenshots';

test('signs in with an authenticator code (TOTP set up through the API)', async ({
  page,
  stack,
  url,
}) => {
  const user = await createUser(stack, 'sig-user', 'tina');
  const session = await signInThroughApi(stack, user);
  const secret = await setUpTotp(stack, session.token);
  await logoutThroughApi(stack, session.token);

  await page.goto(url('/auth'));
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await shootBothSchemes(page, 'sign-in');

  await submitCredentials(page, user);
  await expect(page).toHaveURL(/\/auth\/otp$/);
  await expect(page.getByRole('heading', { name: 'Two Step Authentication' })).toBeVisible();
  await expect(page.getByText('Choose how you want to sign in')).toBeVisible();
  // TOTP is offered first, then e-mail.
  const cards = page.getByRole('button', { name: /^(Authenticator|Email)$/ });
  await expect(cards).toHaveText([/Authenticator/, /Email/]);
  await shootBothSchemes(page, 'method-choice');

  await page.getByRole('button', { name: 'Authenticator' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  // Six boxes, one digit each.
  for (let i = 1; i <= 6; i++) {
    await expect(page.getByRole('textbox', { name: `Digit ${i}` })).toBeVisible();
  }
  await shootBothSchemes(page, 'code-entry');

  // 'Try Another way' goes back to the cards.
  await page.getByRole('button', { name: 'Try Another way' }).click();
  await expect(page.getByText('Choose how you want to sign in')).toBeVisible();
  await page.getByRole('button', { name: 'Authenticator' }).click();

  // Letters are refused; the code of the next 30-second step (the set-up used this one) signs in
  // by itself on the sixth digit.
  await page.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type('a');
  await expect(page.getByRole('textbox', { name: 'Digit 1' })).toHaveValue('');
  await typeCode(page, totpCode(secret, Date.now() + 30_000));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  // A signer user sees the Signer entry but no management.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Signer', { exact: true })).toBeVisible();
  await expect(menu.getByText('Audit Log', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mfa'))).toBe('totp');
});
