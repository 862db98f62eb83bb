import { openWithSession } from '../support/fixtures';
import { expect, removeWebSerial, setUpEraseWorld, test } from '../support/key-erase';

// Demo mode (FEATURE_KEY_ERASE_DEMO=1): a clearly marked simulated terminal, built in the page
// from POST /uld/erase/demo-terminal, with the outcome the user picks; the server authorises it
// for real. A browser without Web Serial is told so, and keeps the demo choice.

test('the demo mode runs the simulated terminal with the chosen outcome', async ({
  page,
  stack,
}) => {
  const world = await setUpEraseWorld(stack);
  await removeWebSerial(page);
  await openWithSession(page, stack, world.session, '/key-erase/instruction');

  const banner = page.getByRole('region', { name: 'Demo mode — simulated terminal' });
  await expect(banner).toBeVisible();
  const status = page.getByTestId('erase-status');
  const connect = page.getByRole('button', { name: 'Connect', exact: true });
  await expect(status).toHaveText('Authorize');

  // Without Web Serial, the USB choice says why it cannot work.
  await page.getByText('USB terminal', { exact: true }).click();
  await expect(page.getByText('This browser cannot reach serial ports')).toBeVisible();
  await expect(connect).toBeDisabled();
  await page.getByText('Simulated terminal', { exact: true }).click();
  await expect(connect).toBeEnabled();
  await expect(page.getByText('This browser cannot reach serial ports')).toHaveCount(0);

  const choose = async (outcome: string) => {
    await banner.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: outcome, exact: true }).click();
  };

  // Success: the server's real authorisation passes the terminal's checks.
  await connect.click();
  await expect(status).toHaveText('Success');
  await expect(page.getByText('This run is recorded in the log.')).toBeVisible();
  await expect(page.getByText(world.demo.sn, { exact: true })).toBeVisible();

  // A device error chosen from the list of 623901-623917.
  await choose('A device error (623901-623917)');
  await banner.getByRole('combobox', { name: 'Device error' }).click();
  await page.getByRole('option', { name: '623907 EXTENSION_NUMBER_ERROR' }).click();
  await connect.click();
  await expect(status).toHaveText('623907 EXTENSION_NUMBER_ERROR');
  await expect(page.getByText('This run is recorded in the log.')).toBeVisible();

  // A bad auth code: the terminal holds another key than the server's, and says so itself.
  await choose('Bad auth code');
  await connect.click();
  await expect(status).toHaveText('AUTH_CODE_ERROR');
  await expect(page.getByText('This run is recorded in the log.')).toBeVisible();

  // SULD mode not enabled, with its help hint.
  await choose('SULD mode not enabled');
  await connect.click();
  await expect(status).toHaveText('SULD Mode is not enabled (Terminal Respond)');
  await expect(page.getByText('This run is recorded in the log.')).toBeVisible();
  await page
    .getByTestId('erase-result')
    .locator('..')
    .getByRole('button', { name: 'How to enable SULD mode' })
    .click();
  await expect(page.getByRole('dialog', { name: 'How to enable SULD mode' })).toContainText(
    'loader menu',
  );
  await page.keyboard.press('Escape');

  // The four runs are in the log.
  await page.getByRole('link', { name: 'Open the erase log' }).click();
  await expect(page.getByText('1-4 of 4')).toBeVisible();
  for (const message of [
    'Success',
    '623907 EXTENSION_NUMBER_ERROR',
    'AUTH_CODE_ERROR',
    'SULD Mode is not enabled (Terminal Respond)',
  ]) {
    await expect(page.getByRole('row').filter({ hasText: message })).toHaveCount(1);
  }

  // The namespace loads in the user's language: the log in German.
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.reload();
  await expect(page.getByText('Fehlgeschlagen', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'SULD-Modus ist nicht aktiviert (Terminal antwortet)' }),
  ).toHaveCount(1);
});
