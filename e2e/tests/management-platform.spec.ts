import { readFileSync } from 'node:fs';
import { createUser } from '../support/api';
import { expect, openSignedIn, test } from '../support/fixtures';
import { shootLight, uniqueCode } from '../support/management';

test('a platform admin creates a company, the owner adds a model, serial numbers are imported, and the audit log shows it all', async ({
  page,
  browser,
  stack,
}) => {
  const owner = await createUser(stack, 'plf-owner', 'owner');
  const admin = await createUser(stack, 'plf-admin', 'platform');
  const code = uniqueCode('GLOBEX');
  const prefix = `V${Math.floor(Math.random() * 900 + 100)}`;

  // 1. The platform admin creates a company.
  await openSignedIn(page, stack, admin, '/admin/company');
  const companies = page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByText('HQ', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New company' }).click();
  const form = page.getByRole('dialog', { name: 'Create a company' });
  await form.getByRole('textbox', { name: 'Company code' }).fill(code.toLowerCase());
  await expect(form.getByRole('textbox', { name: 'Company code' })).toHaveValue(code);
  await form.getByRole('textbox', { name: 'Company name' }).fill('Globex Terminals');
  await form.getByRole('textbox', { name: 'Contact email' }).fill('ops@globex.example.com');
  await form.getByRole('textbox', { name: 'Contact phone' }).fill('+1 555 0100');
  await form.getByRole('textbox', { name: 'CAP Maker' }).fill('5');
  await form.getByRole('textbox', { name: 'Key Erase' }).fill('2');
  await form.getByText('Production', { exact: true }).click();
  await form.getByRole('textbox', { name: 'Tier end date' }).fill('12/31/2030');
  await page.keyboard.press('Tab');
  await shootLight(page, 'management-company-form');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Create Company Success!')).toBeVisible();
  await expect(form).toBeHidden();
  const row = companies.getByRole('row').filter({ hasText: code });
  await expect(row.getByText('Globex Terminals')).toBeVisible();
  await expect(row.getByText('Production')).toBeVisible();
  await expect(row.getByText('CAP 0/5')).toBeVisible();
  await shootLight(page, 'management-companies');

  // 2. The platform owner adds a model with two prefixes (only an owner edits models).
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await openSignedIn(ownerPage, stack, owner, '/model');
  await ownerPage.getByRole('button', { name: 'New model' }).click();
  const modelForm = ownerPage.getByRole('dialog', { name: 'Add a supported model' });
  await modelForm.getByRole('textbox', { name: 'Model name' }).fill(`Vega ${prefix}`);
  await modelForm.getByText('Newer', { exact: true }).click();
  await modelForm
    .getByRole('textbox', { name: 'Description' })
    .fill('Countertop terminal, second generation');
  const prefixes = modelForm.getByLabel('Serial number prefixes');
  await prefixes.fill(prefix.toLowerCase());
  await prefixes.press('Enter');
  await prefixes.fill(`${prefix}X`);
  await prefixes.press('Enter');
  await modelForm.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(ownerPage.getByText('Create Model Success!')).toBeVisible();
  const modelRow = ownerPage
    .getByRole('table', { name: 'Supported models' })
    .getByRole('row')
    .filter({ hasText: `Vega ${prefix}` });
  await expect(modelRow.getByText(prefix, { exact: true })).toBeVisible();
  await expect(modelRow.getByText(`${prefix}X`, { exact: true })).toBeVisible();
  await expect(modelRow.getByText('64 characters')).toBeVisible();
  await shootLight(ownerPage, 'management-models');
  await ownerContext.close();

  // 3. The platform admin imports serial numbers from a CSV with one bad line.
  await row.getByRole('link', { name: `Serial numbers of ${code}` }).click();
  await expect(page).toHaveURL(/\/admin\/company\/sn\?company=/);
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(new RegExp(`^${code}`));
  const csv = ['sn', `${prefix}0000001`, `${prefix}0000002`, 'not a serial!', `${prefix}X000003`];
  await page.locator('input[type="file"]').setInputFiles({
    name: 'serials.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv.join('\r\n')}\r\n`),
  });
  const report = page.getByRole('region', { name: 'Import report' });
  // A file with a rejected line is not a success: the counts say so.
  await expect(report.getByText('3 imported, 1 rejected', { exact: true })).toBeVisible();
  await expect(page.getByText('Import Serial Numbers Success!')).toHaveCount(0);
  await expect(report.getByText('serials.csv')).toBeVisible();
  const stat = (label: string) =>
    report.getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
  await expect(stat('Imported')).toHaveText('3');
  await expect(stat('Already in this company')).toHaveText('0');
  await expect(stat('Rejected')).toHaveText('1');
  const rejected = report.getByRole('table', { name: 'Rejected lines' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(rejected.getByRole('row').nth(1)).toContainText('4');
  await expect(rejected.getByRole('row').nth(1)).toContainText('not a serial!');
  await expect(rejected.getByRole('row').nth(1)).toContainText('Not a valid serial number');

  // One more by hand; the table lists all four.
  await page.getByRole('textbox', { name: 'Serial number' }).fill(`${prefix.toLowerCase()}0000009`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Add Serial Number Success!')).toBeVisible();
  const sns = page.getByRole('table', { name: 'Serial numbers' });
  await expect(sns.getByRole('row')).toHaveCount(5);
  await expect(sns.getByText(`${prefix}0000009`)).toBeVisible();
  await expect(sns.getByText(`Vega ${prefix}`).first()).toBeVisible();
  await shootLight(page, 'management-serial-numbers');

  // The user page of a global admin: any company, with its licences beside the invite button.
  await page.goto(`${stack.baseUrl}/admin/user`);
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: `${code} · Globex Terminals` }).click();
  const licences = page.getByLabel(`Licences of ${code}`);
  await expect(licences.getByText('CAP Maker')).toBeVisible();
  await expect(licences.getByText('0/5')).toBeVisible();
  await expect(licences.getByText('0/2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Globex Terminals' })).toBeVisible();
  await shootLight(page, 'management-users-global');

  // 4. The audit log shows each step, and the chain holds.
  await page.goto(`${stack.baseUrl}/admin/audit`);
  await expect(page.getByText(/The chain is intact: [\d,]+ events verified/)).toBeVisible();
  const events = page.getByRole('table', { name: 'Audit events' });
  // Other tests add models too: this owner's row is the one to find.
  await expect(
    events.getByRole('row').filter({ hasText: 'Added a model' }).filter({ hasText: owner.email }),
  ).toHaveCount(1);
  await page.getByRole('button', { name: '7 days', exact: true }).click();
  await page.getByRole('combobox', { name: 'Activity' }).click();
  await page.getByRole('option', { name: 'Companies and serial numbers' }).click();
  await page.keyboard.press('Escape');
  // Actions in words, targets by name.
  for (const action of ['Created a company', 'Imported serial numbers', 'Added a serial number']) {
    await expect(events.getByRole('row').filter({ hasText: action }).first()).toContainText(
      admin.email,
    );
  }
  const created = events
    .getByRole('row')
    .filter({ hasText: 'Created a company' })
    .filter({ hasText: `Globex Terminals (${code})` });
  await expect(created).toHaveCount(1);
  await expect(events.getByRole('row').filter({ hasText: 'Added a model' })).toHaveCount(0);
  // The whole event in a drawer: the code behind the words, the target's id, each detail field.
  await created.getByRole('button', { name: /^Detail of event \d+$/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Audit event \d+$/ });
  await expect(drawer.getByRole('row', { name: /Action code company\.create/ })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Target Globex Terminals/ })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Target id company:/ })).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Detail' })).toContainText(code);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await shootLight(page, 'management-audit');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(exported.split('\r\n')[0]).toBe(
    'id,created_at,actor_email,company_code,action,target,ip,result,detail',
  );
  expect(exported).toContain('company.sn.import');
  expect(exported).not.toContain('model.create');
});
