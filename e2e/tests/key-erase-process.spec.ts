import { openWithSession } from '../support/fixtures';
import {
  expect,
  type InjectedTerminal,
  injectSimulatedSerial,
  lastTerminalErased,
  setUpEraseWorld,
  test,
  useTerminal,
} from '../support/key-erase';
import { shootBothSchemes } from '../support/screenshots';

// The Key Erase process page against the real server, with packages/terminal's simulator as the
// USB terminal (navigator.serial). The server authorises for real; the simulated terminal checks
// the authorisation with the demo model's key and the platform root, as a terminal would.

const RECORDED = 'This run is recorded in the log.';

test('a successful erase on a USB terminal is recorded, and the page resets on navigation', async ({
  page,
  stack,
}) => {
  const world = await setUpEraseWorld(stack);
  await injectSimulatedSerial(page);
  await openWithSession(page, stack, world.session, '/key-erase');

  // The erk-user lands on the process page, status 'Authorize' (docs/product.md#erase-run).
  await expect(page).toHaveURL(/\/key-erase\/instruction$/);
  await expect(page.getByRole('heading', { name: 'Key Erase process' })).toBeVisible();
  await expect(page.getByText('Put the terminal in SULD mode')).toBeVisible();
  const status = page.getByTestId('erase-status');
  await expect(status).toHaveText('Authorize');

  // On a demo server the USB terminal is one choice of two.
  await expect(page.getByRole('region', { name: 'Demo mode — simulated terminal' })).toBeVisible();
  await page.getByText('USB terminal', { exact: true }).click();
  await useTerminal(page, world.demo);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  await expect(status).toHaveText('Success');
  await expect(page.getByTestId('erase-result')).toContainText(
    "The terminal's key is back to the original key.",
  );
  await expect(page.getByText(RECORDED)).toBeVisible();
  expect(await lastTerminalErased(page)).toBe(true);

  // The device log: four commands and four replies, with their docs/erase-status.md#log-lines.
  const log = page.getByRole('table', { name: 'Device log' });
  await expect(log.locator('tbody tr')).toHaveCount(8);
  await expect(log.getByText('RESET OK')).toBeVisible();
  await expect(log.getByText('ERASE OK')).toBeVisible();
  await expect(log.getByText('10 02 01 10 03 01')).toBeVisible();
  await expect(page.getByText(world.demo.sn, { exact: true })).toBeVisible();
  await page
    .getByRole('heading', { name: 'Progress' })
    .evaluate((el) => el.closest('.mantine-Card-root')?.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -80));
  await shootBothSchemes(page, 'key-erase-process-success');

  // Navigating (the menu entry) resets the page.
  await page.getByRole('navigation').getByRole('link', { name: 'Key Erase' }).click();
  await expect(status).toHaveText('Authorize');
  await expect(page.getByTestId('erase-result')).toHaveCount(0);

  // The record is in the log, with its device log.
  await page.getByRole('link', { name: 'Open the erase log' }).click();
  await expect(page).toHaveURL(/\/key-erase\/log$/);
  const row = page.getByRole('row').filter({ hasText: world.demo.sn });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Success', { exact: true })).toBeVisible();
  await row.getByText(world.demo.sn).click();
  const detail = page.getByRole('dialog', { name: 'Erase record' });
  await expect(detail.getByText('ERASE OK')).toBeVisible();
  await expect(detail.getByText(world.demo.model, { exact: true })).toBeVisible();
});

type Case = {
  name: string;
  terminal: (w: Awaited<ReturnType<typeof setUpEraseWorld>>) => InjectedTerminal;
  message: string;
  sn: (w: Awaited<ReturnType<typeof setUpEraseWorld>>) => string;
  /** A text the device log must show. */
  logText?: string;
  hints: string[];
};

const SULD = 'How to enable SULD mode';
const FIND = 'How to find the serial number in the terminal';
const CHECK = 'How to check that the serial number is valid';

const cases: Case[] = [
  {
    name: 'no terminal selected',
    terminal: (w) => ({ ...w.demo, userCancels: true }),
    message: 'Failed Initiation (Terminal Not Selected)',
    sn: () => '',
    hints: [SULD, FIND, CHECK],
  },
  {
    name: 'terminal already connected',
    terminal: (w) => ({ ...w.demo, heldElsewhere: true }),
    message: 'Failed Initiation (Terminal Connected)',
    sn: () => '',
    hints: [SULD],
  },
  {
    name: 'SULD mode not enabled',
    terminal: (w) => ({ ...w.demo, suldMode: false }),
    message: 'SULD Mode is not enabled (Terminal Respond)',
    sn: () => '',
    logText: 'SN Fail',
    hints: [SULD],
  },
  {
    name: 'bad auth code (a real model whose key the terminal does not hold)',
    terminal: (w) => ({ ...w.demo, sn: w.modelSn, esn: 'ESN77001' }),
    message: 'AUTH_CODE_ERROR',
    sn: (w) => w.modelSn,
    logText: 'ERASE Fail',
    hints: [],
  },
  {
    name: 'device error',
    terminal: (w) => ({ ...w.demo, faults: [{ command: 'erase', reply: { code: '623904' } }] }),
    message: '623904 VERIFY_ERROR',
    sn: (w) => w.demo.sn,
    logText: '623904',
    hints: [],
  },
  {
    name: 'all-zero reply',
    terminal: (w) => ({ ...w.demo, faults: [{ command: 'getSn', reply: 'allZero' }] }),
    message: 'Get SN Failed',
    sn: () => '',
    logText: 'Response is all zero',
    hints: [FIND, CHECK],
  },
  {
    name: 'corrupt frame',
    terminal: (w) => ({ ...w.demo, faults: [{ command: 'getRn', reply: 'corrupt' }] }),
    message: 'Get RN Failed',
    sn: (w) => w.demo.sn,
    logText: 'DLE unpack Failed, Wrong format response from terminal',
    hints: [],
  },
  {
    name: 'no answer',
    terminal: (w) => ({ ...w.demo, faults: [{ command: 'softReset', reply: 'silent' }] }),
    message: '(Undefined) Soft Reset Failed',
    sn: (w) => w.demo.sn,
    logText: 'No response from terminal',
    hints: [],
  },
  {
    name: 'foreign serial number refused by the server',
    terminal: (w) => ({ ...w.demo, sn: w.foreignSn, esn: 'ESN77002' }),
    message: '403 Not Allowed Action',
    sn: (w) => w.foreignSn,
    hints: [],
  },
];

test('every class of failure ends with its message, its help hints and its record', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const world = await setUpEraseWorld(stack);
  await injectSimulatedSerial(page);
  await openWithSession(page, stack, world.session, '/key-erase/instruction');
  await page.getByText('USB terminal', { exact: true }).click();
  const status = page.getByTestId('erase-status');
  const result = page.getByTestId('erase-result');
  const connect = page.getByRole('button', { name: 'Connect', exact: true });

  for (const c of cases) {
    await test.step(c.name, async () => {
      await useTerminal(page, c.terminal(world));
      await connect.click();
      await expect(status).toHaveText(c.message, { timeout: 15_000 });
      await expect(result).toContainText(c.message);
      await expect(page.getByText(RECORDED)).toBeVisible();
      for (const hint of [SULD, FIND, CHECK]) {
        await expect(result.locator('..').getByRole('button', { name: hint })).toHaveCount(
          c.hints.includes(hint) ? 1 : 0,
        );
      }
      if (c.logText) {
        await expect(
          page.getByRole('table', { name: 'Device log' }).getByText(c.logText).first(),
        ).toBeVisible();
      }
      expect(await lastTerminalErased(page)).toBe(false);

      if (c.name === 'SULD mode not enabled') {
        // Report this failure: PATCH with additional information.
        await page.getByRole('button', { name: 'Report this failure' }).click();
        const dialog = page.getByRole('dialog', { name: 'Report this failure' });
        await dialog
          .getByRole('textbox', { name: 'Additional information' })
          .fill('The terminal showed the normal payment screen.');
        await dialog.getByRole('button', { name: 'Send report' }).click();
        await expect(page.getByText('This run is recorded and reported.')).toBeVisible();
      }
      if (c.name === 'all-zero reply') {
        // A help hint opens its article.
        await page.getByRole('button', { name: FIND }).click();
        const article = page.getByRole('dialog', { name: FIND });
        await expect(article.getByText('S/N', { exact: false }).first()).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(article).toHaveCount(0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await shootBothSchemes(page, 'key-erase-process-failure');
      }
    });
  }

  // Every run is in the log: the 'Failed' link of the dashboard shows exactly these nine.
  await page.goto(`${stack.baseUrl}/key-erase/log?filter=failed`);
  await expect(page.getByText(`1-${cases.length} of ${cases.length}`)).toBeVisible();
  for (const c of cases) {
    const row = page.getByRole('row').filter({ has: page.getByText(c.message, { exact: true }) });
    await expect(row, c.name).toHaveCount(1);
    const sn = c.sn(world);
    if (sn) await expect(row.getByText(sn, { exact: true })).toBeVisible();
    if (c.name === 'SULD mode not enabled') await expect(row.getByText('Reported')).toBeVisible();
  }
});
