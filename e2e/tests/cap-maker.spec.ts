import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { capWorld, expect, goodFiles, PNG_HEAD, sourceFolder, test } from '../support/cap-maker';
import { openSignedIn } from '../support/fixtures';

// CAP Maker in the browser (docs/cap-maker.md#web): the folder rules' messages at the field,
// a General CAP made from a folder (hashed, uploaded, built, downloaded), and a Key CAP made,
// listed with its KCV and confirmed, with the company's key sets.

const seriousViolations = async (page: Page) => {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const folderInput = (page: Page) => page.locator('input[type="file"]');

async function chooseModel(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name }).click();
}

async function fillHeader(page: Page, values: { version: string }) {
  await page.getByRole('textbox', { name: 'Version' }).fill(values.version);
  await page.getByRole('textbox', { name: 'Title' }).fill('Counter POS');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Acme Payments');
  await page.getByRole('textbox', { name: 'Company CAP' }).fill('ACME');
  await page.getByRole('textbox', { name: 'Product' }).fill('POS');
  await page.getByRole('textbox', { name: 'Company code' }).fill('ACM');
  await page.getByRole('textbox', { name: 'Comment' }).fill('Release for the counters');
  await page.getByRole('textbox', { name: 'Description' }).fill('Payment application');
}

test('folder messages at the field, then a General CAP made and downloaded', async ({
  page,
  stack,
}, testInfo) => {
  test.setTimeout(120_000);
  const world = await capWorld(stack);
  await openSignedIn(page, stack, world.manager, '/cap-maker');
  const make = page.getByRole('button', { name: 'Make CAP' });
  await expect(make).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing chosen: the folder and the header say what they miss.
  await make.click();
  await expect(page.getByText('No source has been selected.')).toBeVisible();
  await expect(page.getByText('Model is required')).toBeVisible();
  await expect(page.getByText('Version is required')).toBeVisible();

  // The browser's folder picker: closed by the user, or refused.
  await page.evaluate(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<never> }).showDirectoryPicker =
      async () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      };
  });
  const choose = page.getByRole('button', { name: 'Choose folder' });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The user aborted a request.')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<never> }).showDirectoryPicker =
      async () => {
        throw new DOMException('denied', 'NotAllowedError');
      };
  });
  await choose.click();
  await expect(page.getByText('Please Retry opening file / folder')).toBeVisible();

  // Each folder rule, from folders chosen through the directory input.
  const cases: [string, Record<string, Buffer | string>, string][] = [
    ['nested', { ...goodFiles(), 'lib/libpay.so': 'x' }, 'Please avoid nested folder.'],
    [
      'foreign',
      { ...goodFiles(), 'notes.doc': 'x' },
      'This folder should only include: .bin, .apk, .so, .lib, .dat, .cfg, .ini, .xml, .json, .txt, .bmp, .png, .ttf, .acl files',
    ],
    ['empty', { ...goodFiles(), 'empty.dat': '' }, 'Invalid File. Please select the correct file.'],
    ['bad-apk', { ...goodFiles(), 'extra.apk': 'not a zip' }, 'File format is not recognized.'],
    ['acl', { ...goodFiles(), 'rules.acl': 'TYPE=GREYLIST\n' }, 'Unsupported Access Control type.'],
    [
      'no-bin',
      { 'logo.png': Buffer.concat([PNG_HEAD, Buffer.alloc(16, 1)]) },
      "Can't find file with .bin extension.",
    ],
  ];
  for (const [name, files, message] of cases) {
    const folder = sourceFolder(name, files);
    await folderInput(page).setInputFiles(folder.dir);
    await make.click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    folder.remove();
  }

  // The picker path (File System Access): a folder handle whose sub-folder is refused.
  await page.evaluate(() => {
    const file = (name: string) => ({
      kind: 'file',
      name,
      getFile: async () => new File(['data'], name),
    });
    const dir = (name: string, children: unknown[]) => ({
      kind: 'directory',
      name,
      values: async function* () {
        yield* children;
      },
    });
    (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker =
      async () => dir('picked', [file('app.bin'), dir('sub', [file('x.so')])]);
  });
  await page.getByRole('button', { name: 'Choose another folder' }).click();
  await expect(page.getByText('picked: 2 files')).toBeVisible();
  await make.click();
  await expect(page.getByText('Please avoid nested folder. (sub/x.so)')).toBeVisible();

  // A good folder and header: hashed, uploaded, built, downloaded.
  const release = sourceFolder('release-4', goodFiles());
  await folderInput(page).setInputFiles(release.dir);
  await expect(page.getByText('release-4: 4 files')).toBeVisible();
  await chooseModel(page, world.modelName);
  await expect(page.getByRole('combobox', { name: 'Application file' })).toHaveValue('payment.bin');
  await page.getByRole('textbox', { name: 'App name' }).fill('Payments');
  await fillHeader(page, { version: '01045' });
  // A CAP3 has no company code, and its version is exactly 4 characters.
  await page.getByRole('radio', { name: 'CAP3' }).check();
  await expect(page.getByRole('textbox', { name: 'Company code' })).toHaveCount(0);
  await make.click();
  await expect(page.getByText('Maximum field length: 4')).toBeVisible();
  await page.getByRole('radio', { name: 'CAP4' }).check();
  await expect(page.getByRole('textbox', { name: 'Company code' })).toHaveValue('ACM');
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await make.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.cap$/);
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  expect([...readFileSync(saved).subarray(0, 4)]).toEqual([0x89, 0x43, 0x41, 0x50]);
  await expect(page.getByText(/CAP .* is ready/)).toBeVisible();

  const history = page.getByRole('table', { name: 'CAPs made' });
  const row = history.getByRole('row').filter({ hasText: 'Payments' });
  await expect(row).toContainText('Ready');
  await expect(row).toContainText('Files: 4');
  await expect(row).toContainText(world.manager.email);
  // The list's search lives in the address, like every list.
  await page.getByRole('textbox', { name: 'Search' }).fill('Payments');
  await expect(page).toHaveURL(/search=Payments/);
  await expect(row).toBeVisible();
  // axe once the toast has gone (its close button has no name: lib/notify.ts, not this page's).
  await expect(page.getByText(/CAP .* is ready/)).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  release.remove();
});

test('a Key CAP made, listed with its KCV, confirmed; key sets shown', async ({
  page,
  stack,
}, testInfo) => {
  test.setTimeout(120_000);
  const world = await capWorld(stack);
  await openSignedIn(page, stack, world.manager, '/cap-maker/key');
  const make = page.getByRole('button', { name: 'Make Key CAP' });
  await expect(make).toBeVisible();
  const keySets = page.getByRole('table', { name: 'ULD key sets' });
  await expect(keySets.getByRole('row').filter({ hasText: 'Manufacturer' })).toContainText(
    'Current',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The key name's bounds (4-64) at the field.
  await chooseModel(page, world.modelName);
  await page.getByRole('textbox', { name: 'Key name' }).fill('abc');
  await fillHeader(page, { version: '0200' });
  await make.click();
  await expect(page.getByText('Minimum field length: 4')).toBeVisible();
  await page.getByRole('textbox', { name: 'Key name' }).fill('Field keys 2026');
  await make.click();
  await expect(page.getByText('Key CAP Field keys 2026 made')).toBeVisible();

  const table = page.getByRole('table', { name: 'Key CAPs' });
  const row = table.getByRole('row').filter({ hasText: 'Field keys 2026' });
  await expect(row).toContainText('Ready');
  await expect(row).toContainText('Internal');
  await expect(row.getByText(/^[0-9A-F]{6}$/)).toBeVisible();

  // The Key CAP downloads; then the terminals took it: confirm.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download / }).click();
  const download = await downloading;
  const saved = testInfo.outputPath('key.cap');
  await download.saveAs(saved);
  expect([...readFileSync(saved).subarray(0, 4)]).toEqual([0x89, 0x43, 0x41, 0x50]);
  await row.getByRole('button', { name: 'Confirm the Key CAP Field keys 2026' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the Key CAP' });
  await dialog.getByRole('button', { name: 'Confirm Key CAP' }).click();
  await expect(row).toContainText('Confirmed');
  await page.reload();
  await expect(keySets.getByRole('row').filter({ hasText: 'Generation 2' })).toContainText(
    'Current',
  );
  await expect(keySets.getByRole('row').filter({ hasText: 'Retired' })).toHaveCount(1);

  // External: the company's own public key, uploaded as a PEM file.
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pemPath = testInfo.outputPath('company-signing.pem');
  writeFileSync(pemPath, publicKey.export({ type: 'spki', format: 'pem' }));
  await chooseModel(page, world.modelName);
  await page.getByRole('textbox', { name: 'Key name' }).fill('Own signing key');
  await page.getByRole('radio', { name: 'External' }).check();
  await fillHeader(page, { version: '0201' });
  await make.click();
  await expect(page.getByText('Signing public key is required')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(pemPath);
  await expect(page.getByRole('textbox', { name: 'Signing public key' })).toHaveValue(
    /BEGIN PUBLIC KEY/,
  );
  await make.click();
  await expect(page.getByText('Key CAP Own signing key made')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Own signing key' })).toContainText(
    'External',
  );
});
