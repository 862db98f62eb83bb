import { randomUUID } from 'node:crypto';
import { createUser } from '../support/api';
import { expect, openSignedIn, submitCredentials, test } from '../support/fixtures';

// Issue 17: toasts close after the default delay of 5 s (docs/product.md#differences), and the
// generic "The requested {name} is not found" message is shown where a link names a missing row.

test('a toast stays for 5 seconds, then closes by itself', async ({ page, stack, url }) => {
  const user = await createUser(stack);
  await page.clock.install();
  await page.goto(url('/auth'));
  await submitCredentials(page, user);
  await page.getByRole('button', { name: 'Email' }).click();
  await page.getByRole('button', { name: 'Send a new code' }).click();
  const toast = page
    .getByRole('alert')
    .filter({ hasText: 'A new code has been sent to your email.' });
  await expect(toast).toBeVisible();
  await page.clock.fastForward(4_500);
  await expect(toast).toBeVisible();
  await page.clock.fastForward(1_000);
  await expect(toast).toHaveCount(0);
});

test('a serial-number link to a company that does not exist says so in words', async ({
  page,
  stack,
}) => {
  const admin = await createUser(stack, 'plf-admin', 'nadia');
  await openSignedIn(page, stack, admin, `/admin/company/sn?company=${randomUUID()}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'The requested company is not found' }),
  ).toBeVisible();
  // In another language the same message comes from its catalogue.
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.reload();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Das angeforderte Element (Unternehmen) wurde nicht gefunden' }),
  ).toBeVisible();
  // Only once the German page is there does the absence of the English text mean something.
  await expect(page.getByText('The requested company is not found')).toHaveCount(0);
});
