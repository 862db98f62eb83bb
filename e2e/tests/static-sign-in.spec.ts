import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// The sign-in page painted at build time (docs/web.md#static-sign-in): /auth shows it before any
// script has run, the live page replaces it in one step, and a visitor whose stored choices differ
// from it (language, theme, a session) never sees it.

/** Holds the console's entry script back, so the page can be seen before it runs. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records whether the loading screen (role status, "Loading...") was ever in the page. */
async function watchForLoadingScreen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sawLoadingScreen: boolean };
    w.__sawLoadingScreen = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="status"][aria-live="polite"]')) {
        w.__sawLoadingScreen = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test('without any script, /auth shows the sign-in page, which takes no input', async ({
  browser,
  url,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url('/auth'));
  await expect(page).toHaveTitle('Sign In · Terminal Key Console');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(
    page.getByText('Sign in to Terminal Key Console with your company account.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  // The painted copy is inert: nothing typed into it could be lost when the live page comes.
  await expect(page.locator('[data-static-page]')).toHaveAttribute('inert', '');
  // Only sign-in has one: another page is empty until its script runs.
  await page.goto(url('/auth/forgot-password'));
  await expect(page.locator('#root')).toBeEmpty();
  await context.close();
});

test('the live sign-in page replaces the painted one without a loading screen, and works', async ({
  page,
  url,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await watchForLoadingScreen(page);
  const release = await holdEntryScript(page);
  // Not waiting for the load event: that waits for the script held back.
  await page.goto(url('/auth'), { waitUntil: 'commit' });
  // Painted before the console's script has run.
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.locator('[data-static-page]')).toHaveCount(1);

  release();
  await expect(page.locator('[data-static-page]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { __sawLoadingScreen: boolean }).__sawLoadingScreen,
    ),
  ).toBe(false);

  // The live form validates and takes input.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'Email is required',
  );
  await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('someone@example.com');
  expect(errors).toEqual([]);
});

for (const [what, key, value, heading] of [
  ['a stored language', 'lang', 'de', 'Anmelden'],
  ['a stored dark theme', 'theme', 'dark', 'Sign In'],
  ['a session', 'api_token', 'not-a-real-token', null],
] as const) {
  test(`with ${what}, the painted page never shows: the live page comes instead`, async ({
    page,
    url,
  }) => {
    await page.addInitScript(
      ([k, v]) => {
        if (sessionStorage.getItem('seeded') === null) {
          localStorage.setItem(k, v);
          sessionStorage.setItem('seeded', '1');
        }
      },
      [key, value] as const,
    );
    const release = await holdEntryScript(page);
    await page.goto(url('/auth'), { waitUntil: 'commit' });
    // In the page, and hidden (not merely not parsed yet).
    await expect(page.locator('[data-static-page]')).toHaveCount(1);
    await expect(page.locator('[data-static-page]')).toBeHidden();
    await expect(page).toHaveTitle('Terminal Key Console');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeHidden();
    release();
    await expect(page.locator('[data-static-page]')).toHaveCount(0);
    if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  });
}
