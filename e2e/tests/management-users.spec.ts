import { dashboardCards, menuItems } from '@tkc/contracts/access/navigation';
import type { FeatureFlags } from '@tkc/contracts/api/system';
import { extractLink } from '../../apps/server/test/support/smtp-catcher';
import { api, createUser, mailMark, newTestUser, nextMail, signInThroughApi } from '../support/api';
import { expect, openSignedIn, test } from '../support/fixtures';
import {
  createCompanyThroughApi,
  createUserIn,
  shootLight,
  uniqueCode,
} from '../support/management';

test('a company admin invites a user, who signs up and sees exactly what the granted roles allow', async ({
  page,
  browser,
  stack,
}) => {
  const owner = await createUser(stack, 'plf-owner', 'owner');
  const ownerSession = await signInThroughApi(stack, owner);
  const code = uniqueCode('ACME');
  await createCompanyThroughApi(stack, ownerSession.token, {
    code,
    name: 'Acme Payments',
    licences: { cap: 3, erk: 1 },
  });
  const admin = await createUserIn(stack, code, 'com-admin', 'admin');

  await openSignedIn(page, stack, admin, '/admin/user');
  const table = page.getByRole('table', { name: 'Users and invitations' });
  await expect(table.getByRole('cell', { name: admin.email, exact: true })).toBeVisible();
  // A company admin sees their own company only: no company column, no company filter.
  await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);

  // Invite with Key Erase and CAP user.
  const invitee = newTestUser('erase');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(dialog.getByRole('textbox', { name: 'Company' })).toHaveValue('Acme Payments');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
  await dialog
    .getByRole('radiogroup', { name: /^Key Erase/ })
    .getByRole('radio', { name: 'Key Erase' })
    .check();
  await dialog
    .getByRole('radiogroup', { name: /^CAP Maker/ })
    .getByRole('radio', { name: 'User', exact: true })
    .check();
  // Platform roles are not offered outside the platform company.
  await expect(dialog.getByText('Platform roles')).toHaveCount(0);
  await shootLight(page, 'management-invite');
  const since = mailMark(stack);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invite User Success!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: invitee.email });
  await expect(row.getByText('Invited')).toBeVisible();
  await expect(row.getByText('CAP User')).toBeVisible();

  // The only Key Erase licence is held by that invitation: a second one is refused by the server.
  await page.getByRole('button', { name: 'Invite user' }).click();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(newTestUser('second').email);
  await dialog
    .getByRole('radiogroup', { name: /^Key Erase/ })
    .getByRole('radio', { name: 'Key Erase' })
    .check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText(`Invite User No erk licence left for company ${code}: 1 of 1 in use(400)`),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shootLight(page, 'management-users');

  // The invitee completes the sign-up from the mail, in a browser of their own.
  const link = extractLink(
    await nextMail(stack, invitee.email, since),
    '/auth/register?api_token=',
  );
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Complete Your Account' })).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Company' })).toHaveValue('Acme Payments');
  await other.getByRole('textbox', { name: 'First Name' }).fill(invitee.firstName);
  await other.getByRole('textbox', { name: 'Last Name' }).fill(invitee.lastName);
  await other.getByRole('textbox', { name: 'Password', exact: true }).fill(invitee.password);
  await other.getByRole('textbox', { name: 'Confirm Password' }).fill(invitee.password);
  await other.getByRole('textbox', { name: 'Telephone' }).fill('+49 30 1234567');
  await other.getByRole('checkbox', { name: 'I Agree the terms and conditions' }).click();
  await other
    .getByRole('dialog', { name: 'Terms and conditions' })
    .getByRole('button', { name: 'I Agree', exact: true })
    .click();
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole('heading', { name: `Welcome, ${invitee.firstName}` })).toBeVisible();

  // Exactly the menu entries and dashboard cards of erk-user + cap-user (contracts' rules).
  const roles = [`${code}/erk-user`, `${code}/cap-user`];
  const flags = (await api(stack, '/config', { method: 'GET' })).body.data as FeatureFlags;
  const subject = { roles, companyCode: code, platformCode: flags.platformCompanyCode };
  const expectedMenu = menuItems(subject, flags).map((item) => item.label);
  const menu = other.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.locator('.mantine-NavLink-root:visible')).toHaveCount(expectedMenu.length);
  for (const label of expectedMenu) {
    await expect(menu.getByText(label, { exact: true })).toBeVisible();
  }
  for (const label of ['User', 'Company', 'Audit Log', 'Signer']) {
    await expect(menu.getByText(label, { exact: true })).toHaveCount(0);
  }
  const { features, manage } = dashboardCards(subject, flags);
  const main = other.getByRole('main');
  for (const card of [...features, ...manage]) {
    await expect(main.getByText(card.name, { exact: true }).first()).toBeVisible();
  }
  for (const name of ['Signer', 'Company', 'Audit Log']) {
    await expect(main.getByText(name, { exact: true })).toHaveCount(0);
  }
  await context.close();

  // The admin's list shows the new account as active.
  await page.reload();
  await expect(
    table.getByRole('row').filter({ hasText: invitee.email }).getByText('Active'),
  ).toBeVisible();
});

test("a company admin sees only their own company's users; a foreign id answers 404", async ({
  page,
  stack,
}) => {
  const owner = await createUser(stack, 'plf-owner', 'owner');
  const ownerSession = await signInThroughApi(stack, owner);
  const mine = uniqueCode('MINE');
  const theirs = uniqueCode('THEIRS');
  await createCompanyThroughApi(stack, ownerSession.token, { code: mine, name: 'Mine Ltd' });
  await createCompanyThroughApi(stack, ownerSession.token, { code: theirs, name: 'Theirs Ltd' });
  const admin = await createUserIn(stack, mine, 'com-admin', 'admin');
  const colleague = await createUserIn(stack, mine, 'mdl-viewer', 'colleague');
  const stranger = await createUserIn(stack, theirs, 'mdl-viewer', 'stranger');

  const session = await openSignedIn(page, stack, admin, '/admin/user');
  const table = page.getByRole('table', { name: 'Users and invitations' });
  await expect(table.getByRole('cell', { name: colleague.email, exact: true })).toBeVisible();
  await expect(table.getByText(stranger.email)).toHaveCount(0);
  // Searching for the other company's user finds nothing either.
  await page.getByRole('textbox', { name: 'Search' }).fill(stranger.email);
  await expect(page.getByText('No records found')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveCount(0);

  // Change roles, disable and enable again (never oneself), resend and withdraw an invitation.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const colleagueRow = table.getByRole('row').filter({ hasText: colleague.email });
  const actionsOf = (row: typeof colleagueRow, email: string) =>
    row.getByRole('button', { name: `Actions for ${email}` }).click();
  await actionsOf(colleagueRow, colleague.email);
  await page.getByRole('menuitem', { name: 'Change roles' }).click();
  const rolesDialog = page.getByRole('dialog', { name: /^Roles of Colleague/ });
  await expect(rolesDialog.getByRole('checkbox', { name: 'Model Viewer' })).toBeChecked();
  await rolesDialog.getByRole('checkbox', { name: 'Key Generation Centre' }).check();
  await rolesDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Change Roles Success!')).toBeVisible();
  await expect(colleagueRow.getByText('Key Generation Centre')).toBeVisible();

  await actionsOf(colleagueRow, colleague.email);
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await page
    .getByRole('dialog', { name: 'Disable this user?' })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(page.getByText('Disable User Success!')).toBeVisible();
  await expect(colleagueRow.getByText('Disabled')).toBeVisible();
  await actionsOf(colleagueRow, colleague.email);
  await page.getByRole('menuitem', { name: 'Enable' }).click();
  await page
    .getByRole('dialog', { name: 'Enable this user?' })
    .getByRole('button', { name: 'Enable' })
    .click();
  await expect(page.getByText('Enable User Success!')).toBeVisible();
  await expect(colleagueRow.getByText('Active')).toBeVisible();
  const ownRow = table.getByRole('row').filter({ hasText: admin.email });
  await actionsOf(ownRow, admin.email);
  await expect(page.getByRole('menuitem', { name: 'Change roles' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Disable' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const pending = newTestUser('pending').email;
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(pending);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invite User Success!')).toBeVisible();
  const pendingRow = table.getByRole('row').filter({ hasText: pending });
  await expect(pendingRow.getByText('No roles')).toBeVisible();
  await actionsOf(pendingRow, pending);
  await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
  await expect(page.getByText('Resend Invitation Success!')).toBeVisible();
  await actionsOf(pendingRow, pending);
  await page.getByRole('menuitem', { name: 'Withdraw invitation' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw this invitation?' })
    .getByRole('button', { name: 'Withdraw invitation' })
    .click();
  await expect(page.getByText('Withdraw Invitation Success!')).toBeVisible();
  await expect(pendingRow).toHaveCount(0);

  // Company pages are closed to a company admin: the page says which roles open it.
  await page.goto(`${stack.baseUrl}/admin/company`);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Roles that open this page' }).getByRole('listitem'),
  ).toHaveText(['Platform Owner, Platform Administrator, held in the platform company']);

  // The API: the stranger's id is unknown to this admin, whatever the call.
  const found = await api(stack, `/users?keyword=${encodeURIComponent(stranger.email)}`, {
    method: 'GET',
    token: ownerSession.token,
  });
  const strangerId = (found.body.data as { data: { id: string }[] }).data[0]!.id;
  const token = await page.evaluate(() => localStorage.getItem('api_token'));
  expect(token).toBeTruthy();
  for (const [method, path, body] of [
    ['PATCH', `/users/${strangerId}/roles`, { roles: ['cap-user'] }],
    ['PATCH', `/users/${strangerId}/status`, { disabled: true }],
  ] as const) {
    const answer = await api(stack, path, { method, token: token!, body });
    expect(answer.status, `${method} ${path}`).toBe(404);
    expect(answer.body.msg).toBe('Not Found');
  }
  const listed = await api(stack, `/users?keyword=${encodeURIComponent(stranger.email)}`, {
    method: 'GET',
    token: token!,
  });
  expect(listed.status).toBe(200);
  expect((listed.body.data as { total: number }).total).toBe(0);
  expect(session.token).toBeTruthy();
});

test("the list's company filter, landing after the invite dialog opened, is the dialog's company", async ({
  page,
  stack,
}) => {
  const owner = await createUser(stack, 'plf-owner', 'owner');
  const ownerSession = await signInThroughApi(stack, owner);
  const company = await createCompanyThroughApi(stack, ownerSession.token, {
    code: uniqueCode('LATE'),
    name: 'Late Filter Terminals',
  });
  const other = await createCompanyThroughApi(stack, ownerSession.token, {
    code: uniqueCode('OTHER'),
    name: 'Other Filter Terminals',
  });
  const admin = await createUser(stack, 'plf-admin', 'platform');
  await openSignedIn(page, stack, admin, '/admin/user');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  const picker = dialog.getByRole('combobox', { name: 'Company' });
  await expect(picker).toHaveValue('');
  // The address changes under the open dialog (as Back would), as when the filter's transition
  // lands late.
  await page.evaluate((id) => {
    history.pushState(null, '', `/admin/user?companyId=${id}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, company.id);
  await expect(picker).toHaveValue(`${company.code} · Late Filter Terminals`);
  // A company picked in the dialog stays, whatever the list does after.
  await picker.click();
  await picker.fill('HQ');
  await page.getByRole('option', { name: /^HQ · / }).click();
  await page.evaluate((id) => {
    history.pushState(null, '', `/admin/user?companyId=${id}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, other.id);
  // The list behind the dialog has taken the new filter; the dialog keeps the company picked in it.
  await expect(page.getByRole('combobox', { name: 'Company' }).first()).toHaveValue(
    `${other.code} · Other Filter Terminals`,
  );
  await expect(picker).toHaveValue(/^HQ · /);
});

test("a company picked in the list's filter is the invite dialog's company at once, with the CPU slowed down", async ({
  page,
  stack,
}) => {
  const owner = await createUser(stack, 'plf-owner', 'owner');
  const ownerSession = await signInThroughApi(stack, owner);
  const company = await createCompanyThroughApi(stack, ownerSession.token, {
    code: uniqueCode('SLOW'),
    name: 'Slow Filter Terminals',
  });
  const admin = await createUser(stack, 'plf-admin', 'platform');
  await openSignedIn(page, stack, admin, '/admin/user');
  const filter = page.getByRole('combobox', { name: 'Company' });
  await filter.click();
  await filter.fill(company.code);
  const option = page.getByRole('option', { name: `${company.code} · Slow Filter Terminals` });
  await expect(option).toBeVisible();
  // Six times slower, as two browsers, two servers and PostgreSQL on two cores can be: the
  // list's new view must render with the click that chose it (docs/web.md#lists), so the dialog
  // opened right after has the company, read at once rather than waited for.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    await option.click();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const picker = page
      .getByRole('dialog', { name: 'Invite a user' })
      .getByRole('combobox', { name: 'Company' });
    expect(await picker.inputValue()).toBe(`${company.code} · Slow Filter Terminals`);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});
