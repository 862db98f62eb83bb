import { api, createUser, signInThroughApi } from '../support/api';
import { expect, openSignedIn, openWithSession, test } from '../support/fixtures';
import { shootBothSchemes } from '../support/screenshots';

test('a key-erase user sees the Key Erase card and the failed count, linking to the log', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack, 'erk-user', 'erik');
  const session = await signInThroughApi(stack, user);
  await openWithSession(page, stack, session);

  // One feature card: one slide, no navigation needed.
  const carousel = page.getByRole('region', { name: 'Features' });
  await expect(carousel.getByRole('article', { name: 'Key Erase' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Feature', exact: true })).toBeVisible();
  // No runs yet: '-'.
  const failed = page.getByRole('link', { name: /^Failed/ });
  await expect(page.getByTestId('erase-failed-count')).toHaveText('-');
  await expect(page.getByText('No failed runs. Well done.')).toBeVisible();

  // Two failed runs and a successful one, recorded as the Key Erase page records them.
  for (const [sn, status] of [
    ['AB12000001', 3],
    ['AB12000002', 0],
    ['AB12000003', 19],
  ] as const) {
    const answer = await api(stack, '/uld/erase', {
      token: session.token,
      body: { sn, esn: '', rn: '', status, log: [] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId('erase-failed-count')).toHaveText('2');
  await expect(page.getByText(/^Latest failure: AB12000003, /)).toBeVisible();

  await failed.click();
  // The log takes the dashboard's failed filter and keeps it in the address.
  await expect(page).toHaveURL(/\/key-erase\/log\?(.*&)?filter=failed(&|$)/);
});

test('the MFA banner: Later hides it for the session, its link opens two-step authentication', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack, 'cap-user', 'bella');
  await openSignedIn(page, stack, user);
  const banner = page.getByText('Enable the MFA to improve your account security');
  await expect(banner).toBeVisible();

  await page.getByRole('button', { name: 'Later' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A new sign-in asks again (MFA is still off); the link opens section 2 with the prompt.
  await openWithSession(page, stack, await signInThroughApi(stack, user, true));
  await expect(banner).toBeVisible();
  await page.getByRole('link', { name: 'Enable MFA' }).click();
  await expect(page).toHaveURL(/\/account\/settings\?section=2$/);
  await expect(page.getByRole('tab', { name: 'Two-Step Authentication' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Finish securing your account')).toBeVisible();
});

test('a company admin sees Feature & Manage with the cards the roles permit', async ({
  page,
  stack,
}) => {
  const user = await createUser(stack, 'com-admin,erk-user,cap-user,sig-user', 'ada');
  await openSignedIn(page, stack, user);
  await expect(page.getByRole('heading', { name: 'Feature & Manage' })).toBeVisible();

  // Three feature cards: two at a time, with navigation and clickable pagination.
  const carousel = page.getByRole('region', { name: 'Features' });
  await expect(carousel.getByRole('article')).toHaveCount(3);
  await expect(carousel.getByRole('button', { name: 'Next feature' })).toBeVisible();
  const pages = carousel.getByRole('tablist', { name: 'Feature pages' });
  await expect(pages.getByRole('tab', { name: /^Show feature \d of 3$/ })).toHaveCount(3);
  await pages.getByRole('tab', { name: 'Show feature 3 of 3' }).click();
  await expect(pages.getByRole('tab', { name: 'Show feature 3 of 3' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Management cards: User and Model for a company admin; Company and Audit Log are global.
  const manage = page.getByRole('region', { name: 'Manage' });
  await expect(manage.getByRole('article', { name: 'User' })).toBeVisible();
  await expect(manage.getByRole('article', { name: 'Model' })).toBeVisible();
  await expect(manage.getByRole('article', { name: 'Company' })).toHaveCount(0);
  await expect(manage.getByRole('article', { name: 'Audit Log' })).toHaveCount(0);
  // The News card exists but is hidden.
  await expect(page.getByTestId('news-card')).toBeHidden();
  // The company's erase runs (other tests of this worker record some) are counted for the admin.
  await expect(page.getByTestId('erase-failed-count')).toHaveText(/^(-|\d+)$/);
  // Tall enough to show the management cards under the carousel.
  await page.setViewportSize({ width: 1280, height: 1180 });
  await shootBothSchemes(page, 'dashboard');
});
