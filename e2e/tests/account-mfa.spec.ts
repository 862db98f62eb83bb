import type { Page } from '@playwright/test';
import { extractCode } from '../../apps/server/test/support/smtp-catcher';
import {
  createUser,
  mailMark,
  nextMail,
  setUpTotp,
  signInThroughApi,
  totpCode,
} from '../support/api';
import {
  expect,
  openSignedIn,
  openWithSession,
  submitCredentials,
  test,
  typeCode,
} from '../support/fixtures';
import { shootBothSchemes } from '../support/screenshots';

const mfaState = (page: Page) => page.getByTestId('mfa-state');

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
}

test('sets up the authenticator in account settings, shows the recovery codes once, then signs in with TOTP and with a recovery code', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack, 'cap-user', 'mia');
  await openSignedIn(page, stack, user, '/account/settings?section=2');

  // ?section=2 opens two-step authentication.
  await expect(page.getByRole('tab', { name: 'Two-Step Authentication' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(mfaState(page)).toHaveText('Not set up');

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const shown = await page.getByRole('textbox', { name: 'Secret key' }).inputValue();
  const secret = shown.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shootBothSchemes(page, 'account-mfa-setup');

  // A wrong code is refused; the right one (the sixth digit submits) turns TOTP on.
  const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await typeCode(page, wrong);
  await expect(page.getByText('The code is not valid. Check it and try again.')).toBeVisible();
  await typeCode(page, totpCode(secret));

  // The 10 recovery codes, shown once, with copy and download; Done waits for the acknowledgement.
  await expect(
    page.getByText('These codes are shown only this once. Save them now.'),
  ).toBeVisible();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('terminal-key-console-recovery-codes.txt');
  const done = page.getByRole('button', { name: 'Done', exact: true });
  await expect(done).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved these recovery codes' }).check();
  await done.click();
  await expect(list).toHaveCount(0);
  await expect(mfaState(page)).toHaveText('Authenticator app');

  // Never shown again, not even after a reload.
  await page.reload();
  await expect(mfaState(page)).toHaveText('Authenticator app');
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mfa'))).toBe('totp');

  // Sign out from the session section, sign in with the next authenticator code.
  await page.getByRole('tab', { name: 'Session' }).click();
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth(\/login)?$/);
  await submitCredentials(page, user);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await typeCode(page, totpCode(secret, Date.now() + 30_000));
  await expect(page).toHaveURL(/\/dashboard$/);
  // MFA is on: no warning banner (checked once the dashboard, which would show it, is there).
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  await expect(page.getByText('Enable the MFA to improve your account security')).toHaveCount(0);

  // Again with a recovery code.
  await signOutFromMenu(page);
  await submitCredentials(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[3]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same recovery code is refused the second time.
  await signOutFromMenu(page);
  await submitCredentials(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[3]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('The provided email, password, or OTP is invalid.')).toBeVisible();
});

test('leaving the authenticator needs a code; e-mail codes are confirmed by a mailed code', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack, 'sig-user', 'otto');
  const session = await signInThroughApi(stack, user);
  const secret = await setUpTotp(stack, session.token);
  await openWithSession(page, stack, session, '/account/settings?section=2');
  await expect(mfaState(page)).toHaveText('Authenticator app');

  // Turning it off: a wrong code is refused, the authenticator's next code is taken.
  await page.getByRole('button', { name: 'Turn off the authenticator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off the authenticator' });
  const code = dialog.getByRole('textbox', { name: 'Authenticator or recovery code' });
  await code.fill('000000');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByText('The code is not valid. Check it and try again.')).toBeVisible();
  await code.fill(totpCode(secret, Date.now() + 30_000));
  const beforeOff = mailMark(stack);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toBeHidden();
  await expect(mfaState(page)).toHaveText('Not set up');
  // The owner is told by mail (sent after the answer, through the outbox): awaited here, so the
  // code mail below is not mistaken for it.
  const notice = await nextMail(stack, user.email, beforeOff);
  expect(notice.text).toContain('Change: Authenticator app removed');

  // Choosing e-mail codes sends a code; entering it confirms the choice.
  const since = mailMark(stack);
  await page.getByRole('button', { name: 'Use e-mail codes' }).click();
  await expect(page.getByText(`We have sent a 6-digit code to ${user.email}.`)).toBeVisible();
  await typeCode(page, extractCode(await nextMail(stack, user.email, since)));
  await expect(mfaState(page)).toHaveText('E-mail codes');
  expect(await page.evaluate(() => localStorage.getItem('mfa'))).toBe('email');
});
