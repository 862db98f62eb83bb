import { createUser, sha256 } from '../support/api';
import { expect, signInWithEmailCode, submitCredentials, test } from '../support/fixtures';

// Issue 17, item 2: between the password step and the code step the browser keeps the
// verification token the server gave, never the password nor its SHA-256 (which is what the
// server accepts as the password): not in the tab's history, nor in either storage.

test('on the code page neither the password nor its hash is in history.state or storage', async ({
  page,
  url,
  stack,
}) => {
  const user = await createUser(stack);
  await page.goto(url('/auth'));
  await submitCredentials(page, user);
  await expect(page.getByText('Choose how you want to sign in')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/otp$/);

  const kept = await page.evaluate(() => ({
    history: JSON.stringify(window.history.state ?? null),
    session: JSON.stringify({ ...sessionStorage }),
    local: JSON.stringify({ ...localStorage }),
  }));
  for (const [where, text] of Object.entries(kept)) {
    expect(text, `${where} holds the password`).not.toContain(user.password);
    expect(text, `${where} holds the password's hash`).not.toContain(sha256(user.password));
  }
  // What it keeps instead: the server's verification token.
  expect(JSON.parse(kept.local)).toHaveProperty('verify_token');

  // And the sign-in completes with that token and the code.
  await signInWithEmailCode(page, stack, user.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('verify_token'))).toBeNull();
});
