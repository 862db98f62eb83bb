import { ERASE_STATUS } from '@tkc/contracts/erase-status';
import { api } from '../support/api';
import { openWithSession } from '../support/fixtures';
import { expect, setUpEraseWorld, test } from '../support/key-erase';
import { shootBothSchemes } from '../support/screenshots';

// The Key Erase log over GET /uld/erase: 9 records a page, search, dates, status filter, sort,
// row detail with the device log, failure report, and delete / resend of selected records.

const SN_REQUEST = { direction: 'sent', text: '.', hex: '10 02 01 10 03 01', checksum: '01' };
const SULD_REPLY = {
  direction: 'received',
  text: '670000...SULD_NOT_ENABLED',
  hex: '10 02 36 37 30 30 30 30 00 10 10 53 55 4C 44 5F 4E 4F 54 5F 45 4E 41 42 4C 45 44 10 03 0F',
  checksum: '0F',
};

test('the erase log lists, filters, sorts, shows, reports, resends and deletes', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000);
  const world = await setUpEraseWorld(stack);
  const token = world.session.token;
  // Twelve runs: four successes and eight failures of various kinds.
  const statuses = [0, 19, 3, 0, 17, 42, 0, 9, 14, 2, 0, 25];
  for (const [i, status] of statuses.entries()) {
    const sn = `LOG${String(i + 1).padStart(4, '0')}`;
    const answer = await api(stack, '/uld/erase', {
      token,
      body: {
        sn,
        esn: `E${i}`,
        rn: '0A1B2C3D4E5F6071',
        status,
        log: status === 19 ? [SN_REQUEST, SULD_REPLY] : [SN_REQUEST],
      },
    });
    expect(answer.status).toBe(200);
  }

  // The dashboard's 'Failed' button opens the log on the failures.
  await openWithSession(page, stack, world.session, '/dashboard');
  await page.getByRole('link', { name: /Failed/ }).click();
  await expect(page).toHaveURL(/\/key-erase\/log\?.*filter=failed/);
  await expect(page.getByText('1-8 of 8')).toBeVisible();

  await page.goto(`${stack.baseUrl}/key-erase/log`);
  await expect(page.getByRole('heading', { name: 'Key Erase log' })).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(9);
  await expect(page.getByText('1-9 of 12')).toBeVisible();
  // Newest first: LOG0012 leads the first page.
  await expect(rows.first()).toContainText('LOG0012');
  await shootBothSchemes(page, 'key-erase-log');

  // Second page.
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByText('10-12 of 12')).toBeVisible();

  // Sort by serial number, ascending.
  await page.getByRole('button', { name: /^Serial number/ }).click();
  await expect(page).toHaveURL(/sortBy=sn/);
  await expect(rows.first()).toContainText('LOG0001');
  await expect(page).toHaveURL(/order=asc/);

  // Search.
  await page.getByRole('textbox', { name: 'Search' }).fill('LOG0005');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ERASE_STATUS[17]!);
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(rows).toHaveCount(9);

  // The 'Failed' preset (and the dashboard's ?filter=failed) shows every failure, no success.
  await page.getByText('Failed', { exact: true }).click();
  await expect(page).toHaveURL(/filter=failed/);
  await expect(page.getByText('1-8 of 8')).toBeVisible();
  await expect(page.locator('table tbody').getByText('Success', { exact: true })).toHaveCount(0);
  await page.goto(`${stack.baseUrl}/key-erase/log?filter=failed`);
  await expect(page.getByText('1-8 of 8')).toBeVisible();

  // A multi-select of statuses.
  await page.getByText('Choose', { exact: true }).click();
  const statusPicker = page.getByRole('combobox', { name: 'Statuses' });
  await statusPicker.click();
  await page.getByRole('option', { name: `0 · ${ERASE_STATUS[0]}` }).click();
  await page.getByRole('option', { name: `19 · ${ERASE_STATUS[19]}` }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/filter=0%2C19|filter=0,19/);
  await expect(page.getByText('1-5 of 5')).toBeVisible();

  // Date range: the shortcuts include today; a range in the past holds nothing.
  await page.getByText('All', { exact: true }).click();
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByText('1-9 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByText('1-9 of 12')).toBeVisible();
  // Dates are typed in the language's format (English: MM/DD/YYYY) and land in the URL as ISO days.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('01/01/2020');
  await page.keyboard.press('Tab');
  // The start is applied before the end is typed (a reversed range would be named, not kept silent).
  await expect(page).toHaveURL(/from=2020-01-01/);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('01/31/2020');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/from=2020-01-01.*to=2020-01-31|to=2020-01-31.*from=2020-01-01/);
  await expect(page.getByText('No erase records')).toBeVisible();
  await page.getByRole('button', { name: 'Clear dates' }).click();
  await expect(page.getByText('1-9 of 12')).toBeVisible();

  // Row detail (GET /uld/erase/{id}) with its device log read again from the bytes.
  await page.getByRole('textbox', { name: 'Search' }).fill('LOG0002');
  await expect(rows).toHaveCount(1);
  await rows.first().getByText('LOG0002').click();
  const detail = page.getByRole('dialog', { name: 'Erase record' });
  await expect(detail.getByText('SN Fail')).toBeVisible();
  await expect(detail.getByText('670000', { exact: true })).toBeVisible();
  await expect(detail.getByText(SULD_REPLY.hex)).toBeVisible();

  // Report the failure with additional information (PATCH).
  await detail.getByRole('button', { name: 'Report this failure' }).click();
  const report = page.getByRole('dialog', { name: 'Report this failure' });
  await report
    .getByRole('textbox', { name: 'Additional information' })
    .fill('Terminal rebooted twice before the run.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toHaveCount(0);
  await expect(detail.getByText('Terminal rebooted twice before the run.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rows.first().getByText('Reported')).toBeVisible();

  // Resend (in parallel) the selected failures.
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.getByText('Failed', { exact: true }).click();
  await expect(page.getByText('1-8 of 8')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select the record of LOG0003' }).check();
  await page.getByRole('checkbox', { name: 'Select the record of LOG0005' }).check();
  await expect(page.getByText('Selected: 2')).toBeVisible();
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('Reports sent again: 2')).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'LOG0003' }).getByText('Reported'),
  ).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'LOG0005' }).getByText('Reported'),
  ).toBeVisible();

  // Delete (one after another) the selected records, after a confirmation.
  await page.getByRole('checkbox', { name: 'Select the record of LOG0003' }).check();
  await page.getByRole('checkbox', { name: 'Select the record of LOG0006' }).check();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete erase records' });
  await expect(confirm).toContainText('(2)');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Records deleted: 2')).toBeVisible();
  await expect(page.getByText('1-6 of 6')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'LOG0003' })).toHaveCount(0);

  // What the server holds agrees.
  const list = await api(stack, '/uld/erase?limit=50', { method: 'GET', token });
  const records = (list.body.data as { data: { sn: string; isReported: boolean }[] }).data;
  expect(records).toHaveLength(10);
  expect(records.find((r) => r.sn === 'LOG0005')?.isReported).toBe(true);
  const two = records.find((r) => r.sn === 'LOG0002') as unknown as { id: string };
  const got = await api(stack, `/uld/erase/${two.id}`, { method: 'GET', token });
  expect((got.body.data as { additional_information: string }).additional_information).toBe(
    'Terminal rebooted twice before the run.',
  );
});
