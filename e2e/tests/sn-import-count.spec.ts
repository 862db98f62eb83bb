import { api, createUser, signInThroughApi } from '../support/api';
import { expect, openWithSession, test } from '../support/fixtures';
import { createCompanyThroughApi, uniqueCode } from '../support/management';

// Issue 15, item 7: a long import shows a running count, not only a spinner. 100,000 lines take
// seconds to save; the page says how many lines were read, then how many numbers are saved.

test('a 100,000-line import shows its running count, then the report', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const admin = await createUser(stack, 'plf-admin', 'importer');
  const session = await signInThroughApi(stack, admin);
  const code = uniqueCode('BULK');
  const company = await createCompanyThroughApi(stack, session.token, {
    code,
    name: `${code} Fleet`,
  });
  const prefix = `W${Math.floor(Math.random() * 900 + 100)}`;
  // Only the platform owner adds models.
  const owner = await createUser(stack, 'plf-owner', 'modeller');
  const ownerSession = await signInThroughApi(stack, owner);
  const made = await api(stack, '/models', {
    token: ownerSession.token,
    body: { name: `Bulk ${prefix}`, family: 'newer', prefixes: [prefix] },
  });
  expect(made.status).toBe(200);

  await openWithSession(page, stack, session, `/admin/company/sn?company=${company.id}`);
  const lines = Array.from({ length: 100_000 }, (_, i) => `${prefix}${String(i).padStart(7, '0')}`);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'fleet.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sn\n${lines.join('\n')}\n`),
  });
  // The count while it saves, in the language's number format, with its bar.
  await expect(
    page.getByRole('status').filter({ hasText: /^Saving: [\d,]+ of 100,000 serial numbers$/ }),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /^Saving: / })).toBeVisible();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Import Serial Numbers Success!')).toBeVisible();
  const stat = (label: string) =>
    report.getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
  await expect(stat('Imported')).toHaveText('100,000');
  // The count is gone once the report is there.
  await expect(page.getByRole('status').filter({ hasText: /^Saving: / })).toHaveCount(0);
});
