import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { apksignerVerify } from '../../packages/formats/src/apk/test-support/android-tools';
import { openSignedIn } from '../support/fixtures';
import { expect, sendRequest, signerCompany, test, testApk } from '../support/signer';

// A requester asks for a signature in the browser, a manager of the company approves it, the
// requester downloads the signed APK: apksigner verifies it and its digest is the one shown.

test('request, approve, download and verify an APK', async ({ browser, stack }, testInfo) => {
  test.setTimeout(120_000);
  const company = await signerCompany(stack);
  const apk = await testApk('terminal-pos.apk', { assetBytes: 3 * 1024 * 1024 });
  const comment = 'Release 1.2.0 for the counter terminals';

  const requesterContext = await browser.newContext();
  const requesterPage = await requesterContext.newPage();
  await openSignedIn(requesterPage, stack, company.requester, '/signer');
  await expect(requesterPage.getByRole('tab', { name: 'New request' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const axe = await new AxeBuilder({ page: requesterPage }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  await sendRequest(requesterPage, apk, comment);
  await expect(requesterPage.getByText('Request for terminal-pos.apk sent')).toBeVisible();
  // The new request opens in "My requests", with what the server read from the file.
  const mine = requesterPage.getByRole('dialog', { name: 'Signing request: terminal-pos.apk' });
  await expect(mine.getByText('Pending', { exact: true })).toBeVisible();
  await expect(mine.getByText('com.example.terminal.pos')).toBeVisible();
  await expect(mine.getByLabel('SHA-256 of the uploaded file')).toHaveText(apk.sha256);
  await expect(mine.getByText('The uploaded APK is not signed.')).toBeVisible();
  // No decision for the requester's own request.
  await expect(mine.getByRole('button', { name: 'Approve and sign' })).toHaveCount(0);
  await requesterPage.keyboard.press('Escape');
  const myTable = requesterPage.getByRole('table', { name: 'My requests' });
  await expect(myTable.getByRole('row').filter({ hasText: 'terminal-pos.apk' })).toContainText(
    'Pending',
  );

  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await openSignedIn(managerPage, stack, company.manager, '/signer');
  const queue = managerPage.getByRole('table', { name: 'Approval queue' });
  const row = queue.getByRole('row').filter({ hasText: 'terminal-pos.apk' });
  await expect(row).toContainText(company.requester.email);
  await row.getByRole('button', { name: 'Open the request for terminal-pos.apk' }).click();
  const detail = managerPage.getByRole('dialog', { name: 'Signing request: terminal-pos.apk' });
  await expect(detail.getByText(comment)).toBeVisible();
  await expect(detail.getByText('1.2.0', { exact: true })).toBeVisible();
  await expect(detail.getByText(company.keySha256)).toBeVisible();
  const detailAxe = await new AxeBuilder({ page: managerPage })
    .include('[role="dialog"]')
    .analyze();
  expect(
    detailAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
  await detail.getByRole('button', { name: 'Approve and sign' }).click();
  await expect(managerPage.getByText('Approve Success!')).toBeVisible();
  await expect(detail.getByText('Approved and signed')).toBeVisible({ timeout: 30_000 });

  // The requester downloads the signed file from the request.
  await requesterPage.reload();
  await myTable.getByRole('button', { name: 'Open the request for terminal-pos.apk' }).click();
  await expect(mine.getByText('Approved and signed')).toBeVisible();
  const shownDigest = await mine.getByLabel('SHA-256 of the signed file').textContent();
  const downloading = requesterPage.waitForEvent('download');
  await mine.getByRole('button', { name: 'Download the signed file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('terminal-pos-signed.apk');
  const saved = testInfo.outputPath('terminal-pos-signed.apk');
  await download.saveAs(saved);
  const bytes = readFileSync(saved);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(shownDigest);
  const verification = await apksignerVerify(saved);
  expect(verification.ok, verification.output).toBe(true);
  expect(verification.schemes).toMatchObject({ v2: true, v3: true });
  expect(verification.certificateSha256).toEqual([company.keySha256]);

  await requesterContext.close();
  await managerContext.close();
  apk.remove();
});
