import { createUser } from '../support/api';
import { expect, openSignedIn, test } from '../support/fixtures';

test('language and theme are kept across a reload', async ({ page, url }) => {
  await page.goto(url('/auth'));
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // The theme toggle cycles Light, Dark, System.
  await page.getByRole('button', { name: 'Design: Hell' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Design: Dunkel' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('theme')]),
  ).toEqual(['de', 'dark']);

  // Validation messages follow the language too.
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveAccessibleDescription(
    'E-Mail ist erforderlich',
  );

  // Every language loads; then back to English.
  const select = page.getByRole('combobox', {
    name: /^(Language|Sprache|Langue|Idioma|言語|语言)$/,
  });
  for (const [lng, heading] of [
    ['fr', 'Connexion'],
    ['es', 'Iniciar sesión'],
    ['ja', 'サインイン'],
    ['zh', '登录'],
    ['en', 'Sign In'],
  ] as const) {
    await select.selectOption(lng);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Theme: Dark' }).click();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('auto');
});

test('routes: signed-out redirects, unknown paths, system pages', async ({ page, url }) => {
  // Signed out: the app sends everything but auth/* to sign in.
  await page.goto(url('/dashboard'));
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto(url('/no/such/page'));
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto(url('/auth/nothing-here'));
  await expect(page).toHaveURL(/\/auth$/);

  // The code page needs sign-in state.
  await page.goto(url('/auth/otp'));
  await expect(page).toHaveURL(/\/auth\/invalid$/);
  await expect(page.getByRole('heading', { name: 'Not Valid Link' })).toBeVisible();
  await expect(
    page.getByText('The link may have expired or not been typed correctly.'),
  ).toBeVisible();
  await expect(page.getByText(/Page wil be redirected about [1-5] second\.\.\./)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 8_000 });

  // A broken invitation link goes to Not Valid Link and stays there.
  await page.goto(url('/auth/register?api_token=not-a-token'));
  await expect(page.getByRole('heading', { name: 'Not Valid Link' })).toBeVisible();
  await expect(page.getByText(/Page wil be redirected/)).toHaveCount(0);

  await page.goto(url('/version'));
  const info = JSON.parse((await page.getByTestId('build-info').textContent()) ?? '{}');
  expect(info.version).toBe('1.9.41');
  expect(typeof info.commit).toBe('string');
  expect(Number.isNaN(Date.parse(info.buildTime))).toBe(false);

  await page.goto(url('/error/404'));
  await expect(page.getByText('Seems there is nothing here')).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto(url('/error/500'));
  await expect(
    page.getByText('System Error, Something went wrong! Please try again later.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to homepage' })).toBeVisible();

  await page.goto(url('/auth/terms'));
  await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByText('Last updated: May 23, 2025')).toBeVisible();
  await expect(page.getByText(/governed by the law of Taiwan/)).toBeVisible();
  await expect(page.getByText(/within 90 days/)).toBeVisible();
  await page.getByText('Trial', { exact: true }).click();
  await expect(page.getByText(/The trial lasts 60 days/)).toBeVisible();
});

test('signed in: redirects, role-closed routes, the shell', async ({ page, stack, url }) => {
  // The browser runs in Europe/Berlin; the user lives in Taipei.
  const user = await createUser(stack, 'cap-user', 'carl', 'Asia/Taipei');
  await openSignedIn(page, stack, user, '/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Your features at a glance').filter({ visible: true })).toBeVisible();

  // auth/* goes home, unknown paths to 404; a route closed to the role says which roles open it.
  await page.goto(url('/auth'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(url('/no/such/page'));
  await expect(page).toHaveURL(/\/error\/404$/);
  await page.goto(url('/admin/audit'));
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  const needed = page.getByRole('list', { name: 'Roles that open this page' });
  await expect(needed.getByRole('listitem')).toHaveText([
    'Platform Owner, Platform Administrator, held in the platform company',
    'Company Administrator, held in your company',
  ]);
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The CAP user's menu: CAP Maker (General, Key, Certificate hidden), no management.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const capGroup = menu.getByRole('button', { name: 'CAP Maker' });
  await expect(capGroup).toHaveAttribute('aria-expanded', 'false');
  await capGroup.click();
  await expect(capGroup).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'General' })).toBeVisible();
  await expect(menu.getByText('Signer', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('User', { exact: true })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Model' }).click();
  await expect(page).toHaveURL(/\/model$/);
  await expect(page.getByRole('table', { name: 'Supported models' })).toBeVisible();

  // Footer: year and company.
  await expect(page.getByText(`© ${new Date().getFullYear()} Platform Headquarters`)).toBeVisible();

  // The user menu: names, e-mail, role badge, links.
  await page.getByRole('button', { name: 'User menu' }).click();
  const userMenu = page.getByRole('menu');
  await expect(userMenu.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
  await expect(userMenu.getByText(user.email)).toBeVisible();
  await expect(userMenu.getByText('CAP User')).toBeVisible();
  // Dates show in the user's time zone.
  const expiry = await page.evaluate(() => localStorage.getItem('authExp'));
  const taipei = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Taipei',
    hour: 'numeric',
    minute: '2-digit',
  }).formatToParts(new Date(expiry!));
  const hhmm = `${taipei.find((p) => p.type === 'hour')!.value}:${taipei.find((p) => p.type === 'minute')!.value}`;
  await expect(userMenu.getByText(/^Signed in until .* \(your time zone\)$/)).toContainText(hhmm);
  await userMenu.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);

  // The shell's theme menu: Light, Dark, System.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('menuitem', { name: 'System' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitem', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // OFFLINE when the browser goes offline.
  await page.context().setOffline(true);
  await expect(page.getByText('OFFLINE', { exact: true })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText('OFFLINE', { exact: true })).toHaveCount(0);

  // Small screens: the Expires label; the side menu behind the burger.
  await page.setViewportSize({ width: 400, height: 700 });
  await expect(page.getByTestId('expires-label')).toHaveText(/^Expires \d{2}:\d{2}$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('expires-label')).toBeHidden();

  // The layout configuration is kept: hiding the side menu survives a reload.
  await page.getByRole('button', { name: 'Toggle the side menu' }).click();
  await expect(menu).toBeHidden();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  const layout = JSON.parse((await page.evaluate(() => localStorage.getItem('layout'))) ?? '{}');
  expect(layout).toMatchObject({
    isSideMenuShown: false,
    isHeaderShown: false,
    isDarkSkin: true,
    primaryColor: 'blue',
  });
  await page.getByRole('button', { name: 'Toggle the side menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  // Scroll-to-top shows past 200 px.
  await page.setViewportSize({ width: 1280, height: 360 });
  await page.goto(url('/dashboard'));
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toHaveCount(0);
  await page.mouse.wheel(0, 600);
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  await page.getByRole('button', { name: 'Scroll to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // /logout signs out and lands on sign in.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url('/logout'));
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('api_token'))).toBeNull();
});

test('a page chunk that fails to load reloads the page once, then shows the error page', async ({
  page,
  url,
}) => {
  // Date.now stands still in the page (timers run): the 3 s guard (lib/session-timing.test.ts)
  // would otherwise be measured against the machine's speed, and a reload that took more than
  // 3 s on a loaded CI machine made the second failure reload again instead of failing.
  await page.clock.setFixedTime(Date.now());
  await page.goto(url('/auth'));
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.route('**/assets/forgot-password-*.js', (route) => route.abort());
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Forgot Password ?' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  // Within 3 seconds of that reload a second failure is not reloaded away.
  await page.getByRole('link', { name: 'Forgot Password ?' }).click();
  await expect(
    page.getByText('System Error, Something went wrong! Please try again later.'),
  ).toBeVisible();
});
