import { createUser } from '../support/api';
import { expect, openSignedIn, test } from '../support/fixtures';
import { shootBothSchemes } from '../support/screenshots';

test('the User Guide: topics per feature, search, anchors, and other languages', async ({
  page,
  stack,
  url,
}) => {
  const user = await createUser(stack, 'erk-user', 'gina');
  await openSignedIn(page, stack, user);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('User Guide').click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole('heading', { name: 'User Guide', level: 1 })).toBeVisible();
  for (const title of [
    'Signing in and second factors',
    'Account settings and two-step authentication',
    'Key Erase, step by step',
    'How to enable SULD mode',
    'Companies and serial numbers',
    'Audit log and export',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  // Parts not built yet say so.
  await expect(page.getByRole('region', { name: 'CAP Maker' }).getByText('Coming')).toBeVisible();
  await shootBothSchemes(page, 'guide');

  // Search narrows the topics.
  await page.getByRole('textbox', { name: 'Search the guide' }).fill('CSV');
  await expect(page.getByRole('heading', { name: 'Companies and serial numbers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to enable SULD mode' })).toHaveCount(0);
  await expect(page.getByText('"AB12000003";store 12')).toBeVisible();

  // Topics have stable anchors other pages link to.
  await page.goto(url('/dashboard'));
  await page.goto(url('/guide#enable-suld'));
  await expect(page.getByRole('region', { name: 'How to enable SULD mode' })).toBeInViewport();

  // The guide is translated like the rest of the console.
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'SULD モードを有効にする方法' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
