import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser, signInThroughApi } from '../support/api';
import { openSignedIn, openWithSession } from '../support/fixtures';
import { createCompanyThroughApi, uniqueCode } from '../support/management';
import { expect, sendRequest, signerCompany, test, testApk } from '../support/signer';

// Signer in the browser, beyond request and approval (docs/signer.md): an upload cut halfway
// goes on from the last stored piece, not from zero; a platform admin makes and imports company
// signing keys on the keys tab, and the fingerprint shown is openssl's.

const CHUNK_BYTES = 8 * 1024 * 1024; // lib/upload-file.ts

test('an upload cut halfway resumes from the stored offset and the request arrives whole', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const company = await signerCompany(stack);
  const apk = await testApk('field-update.apk', { assetBytes: 20 * 1024 * 1024 });
  expect(apk.size).toBeGreaterThan(2 * CHUNK_BYTES);

  // The second piece's connection is cut once; every PATCH's starting offset is kept.
  const offsets: number[] = [];
  let isCut = false;
  await page.route('**/api/v1/uploads/*', async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') return route.continue();
    offsets.push(Number(request.headers()['upload-offset']));
    if (offsets.length === 2 && !isCut) {
      isCut = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });

  await openSignedIn(page, stack, company.requester, '/signer');
  await sendRequest(page, apk, 'Field update after a flaky line');
  await expect(page.getByText('Request for field-update.apk sent')).toBeVisible({
    timeout: 60_000,
  });
  expect(isCut).toBe(true);
  // After the cut the same piece is sent again from its own offset: nothing from zero.
  expect(offsets.slice(0, 3)).toEqual([0, CHUNK_BYTES, CHUNK_BYTES]);
  expect(offsets.filter((o) => o === 0)).toHaveLength(1);
  const detail = page.getByRole('dialog', { name: 'Signing request: field-update.apk' });
  await expect(detail.getByLabel('SHA-256 of the uploaded file')).toHaveText(apk.sha256);
  apk.remove();
});

test('a platform admin makes a key and imports one on the keys tab; the private key never reaches the page', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000);
  const admin = await createUser(stack, 'plf-admin', 'keyadmin');
  const session = await signInThroughApi(stack, admin);
  const made = uniqueCode('MK');
  const imported = uniqueCode('IM');
  for (const code of [made, imported])
    await createCompanyThroughApi(stack, session.token, {
      code,
      name: `${code} Ltd`,
      licences: { sig: 1 },
    });

  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/v1/signer/keys'))
      bodies.push(await response.text().catch(() => ''));
  });
  await openWithSession(page, stack, session, '/signer');
  await page.getByRole('tab', { name: 'Signing keys' }).click();
  const table = page.getByRole('table', { name: 'Company signing keys' });

  // Make a new key.
  await expect(table.getByRole('row').filter({ hasText: made })).toContainText('No key yet');
  await table.getByRole('button', { name: `Signing key of ${made}` }).click();
  const makeForm = page.getByRole('dialog', { name: `Signing key of ${made}` });
  await makeForm.getByRole('textbox', { name: 'Common name (CN)' }).fill(`${made} Release`);
  await makeForm.getByRole('button', { name: 'Create key' }).click();
  await expect(makeForm).toBeHidden();
  const madeRow = table.getByRole('row').filter({ hasText: made });
  await expect(madeRow).toContainText(`CN=${made} Release`);
  await expect(madeRow).toContainText(/[0-9a-f]{64}/);

  // Import a PEM key and certificate made by openssl; the page shows openssl's fingerprint.
  const dir = mkdtempSync(join(tmpdir(), 'tkc-e2e-key-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    keyPath,
    '-out',
    certPath,
    '-days',
    '365',
    '-subj',
    `/CN=${imported} Imported/O=${imported}`,
  ]);
  const fingerprint = execFileSync('openssl', [
    'x509',
    '-in',
    certPath,
    '-noout',
    '-fingerprint',
    '-sha256',
  ])
    .toString()
    .split('=')[1]!
    .trim()
    .replaceAll(':', '')
    .toLowerCase();
  await table.getByRole('button', { name: `Signing key of ${imported}` }).click();
  const importForm = page.getByRole('dialog', { name: `Signing key of ${imported}` });
  await importForm.getByText('Import a key', { exact: true }).click();
  await importForm.getByText('PEM key and certificate', { exact: true }).click();
  await importForm
    .getByRole('textbox', { name: 'Private key (PEM)' })
    .fill(readFileSync(keyPath, 'utf8'));
  await importForm
    .getByRole('textbox', { name: 'Certificate (PEM)' })
    .fill(readFileSync(certPath, 'utf8'));
  await importForm.getByRole('button', { name: 'Import key' }).click();
  await expect(importForm).toBeHidden();
  const importedRow = table.getByRole('row').filter({ hasText: imported });
  await expect(importedRow).toContainText(fingerprint);
  await expect(importedRow).toContainText('imported');
  rmSync(dir, { recursive: true, force: true });

  // What the keys API sent to the page held certificates and fingerprints, never a private key.
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) expect(body).not.toMatch(/PRIVATE KEY|"private_key"|"d":"/);
});
