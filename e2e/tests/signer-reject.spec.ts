import { openSignedIn } from '../support/fixtures';
import { createUserIn } from '../support/management';
import { expect, sendRequest, signerCompany, test, testApk } from '../support/signer';

// A manager rejects with a reason the requester then reads; a manager who also requests cannot
// decide their own request (the two-person rule) and the page does not offer it.

test('reject with a reason, which the requester reads; no decision on one’s own request', async ({
  browser,
  stack,
}) => {
  test.setTimeout(120_000);
  const company = await signerCompany(stack);
  const apk = await testApk('wrong-build.apk', { versionName: '0.9-debug' });
  const reason = 'This is a debug build: send the release build, please.';

  const requesterContext = await browser.newContext();
  const requesterPage = await requesterContext.newPage();
  await openSignedIn(requesterPage, stack, company.requester, '/signer');
  await sendRequest(requesterPage, apk, 'Please sign the new build');
  await expect(requesterPage.getByText('Request for wrong-build.apk sent')).toBeVisible();

  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await openSignedIn(managerPage, stack, company.manager, '/signer');
  await managerPage
    .getByRole('table', { name: 'Approval queue' })
    .getByRole('button', { name: 'Open the request for wrong-build.apk' })
    .click();
  const detail = managerPage.getByRole('dialog', { name: 'Signing request: wrong-build.apk' });
  // Rejecting needs a reason.
  await detail.getByRole('button', { name: 'Reject' }).click();
  await expect(detail.getByText('A reason is required to reject')).toBeVisible();
  await detail.getByRole('textbox', { name: 'Reason (needed to reject)' }).fill(reason);
  await detail.getByRole('button', { name: 'Reject' }).click();
  await expect(managerPage.getByText('Reject Success!')).toBeVisible();
  await expect(detail.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  // The queue starts at the pending requests: this one has left it.
  await managerPage.keyboard.press('Escape');
  await expect(
    managerPage.getByRole('table', { name: 'Approval queue' }).getByText('wrong-build.apk'),
  ).toHaveCount(0);

  await requesterPage.reload();
  const row = requesterPage
    .getByRole('table', { name: 'My requests' })
    .getByRole('row')
    .filter({ hasText: 'wrong-build.apk' });
  await expect(row).toContainText('Rejected');
  // The address still names the request sent before the reload, so its detail opens again;
  // closed, it opens from its row too.
  const mine = requesterPage.getByRole('dialog', { name: 'Signing request: wrong-build.apk' });
  await expect(mine).toBeVisible();
  await requesterPage.keyboard.press('Escape');
  await expect(mine).toHaveCount(0);
  await row.getByRole('button', { name: 'Open the request for wrong-build.apk' }).click();
  await expect(mine.getByText(reason).first()).toBeVisible();
  await expect(mine.getByText(company.manager.email).first()).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Download the signed file' })).toHaveCount(0);

  // A manager who also holds the requester role sees their own request without a decision.
  const dual = await createUserIn(stack, company.code, 'sig-manager,sig-user', 'dual');
  const dualContext = await browser.newContext();
  const dualPage = await dualContext.newPage();
  await openSignedIn(dualPage, stack, dual, '/signer?tab=request');
  const own = await testApk('own-build.apk');
  await sendRequest(dualPage, own, 'My own build');
  const ownDetail = dualPage.getByRole('dialog', { name: 'Signing request: own-build.apk' });
  await expect(ownDetail.getByText('Pending', { exact: true })).toBeVisible();
  await expect(ownDetail.getByRole('button', { name: 'Approve and sign' })).toHaveCount(0);
  await expect(ownDetail.getByText('Your decision')).toHaveCount(0);

  await Promise.all([requesterContext.close(), managerContext.close(), dualContext.close()]);
  apk.remove();
  own.remove();
});
