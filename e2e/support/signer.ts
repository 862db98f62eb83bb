import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildTestApk } from '../../packages/formats/src/apk/test-support/build-test-apk';
import { api, createUser, signInThroughApi, type TestUser } from './api';
import { createCompanyThroughApi, createUserIn, uniqueCode } from './management';
import type { Stack } from './stack';

// Signer browser tests: a company with signer seats and an APK signing key, its requester and
// manager, and APKs built at test time (packages/formats test support).

// The worker's server is every browser test's (support/fixtures.ts).
export { expect, test } from './fixtures';

export type SignerCompany = {
  code: string;
  id: string;
  requester: TestUser;
  manager: TestUser;
  /** SHA-256 of the company's APK signing certificate. */
  keySha256: string;
};

/** A new company with signer seats and a generated RSA key; its requester and manager. */
export async function signerCompany(stack: Stack): Promise<SignerCompany> {
  const admin = await createUser(stack, 'plf-admin', 'padmin');
  const session = await signInThroughApi(stack, admin);
  const code = uniqueCode('SIG');
  const company = await createCompanyThroughApi(stack, session.token, {
    code,
    name: `${code} Terminals`,
    licences: { sig: 5 },
  });
  const key = await api(stack, `/signer/keys/${company.id}/generate`, {
    token: session.token,
    body: { algorithm: 'rsa-3072', common_name: `${code} Release`, organization: code },
  });
  if (key.status !== 200) throw new Error(`key: ${key.status} ${JSON.stringify(key.body)}`);
  return {
    code,
    id: company.id,
    requester: await createUserIn(stack, code, 'sig-user', 'requester'),
    manager: await createUserIn(stack, code, 'sig-manager', 'manager'),
    keySha256: (key.body.data as { key: { sha256: string } }).key.sha256,
  };
}

export type TestApk = { path: string; sha256: string; size: number; remove: () => void };

/** An unsigned APK in a temporary folder; `assetBytes` of random stored data makes it larger. */
export async function testApk(
  name: string,
  options: { assetBytes?: number; versionName?: string } = {},
): Promise<TestApk> {
  const dir = mkdtempSync(join(tmpdir(), 'tkc-e2e-apk-'));
  const path = join(dir, name);
  await buildTestApk(
    {
      package: 'com.example.terminal.pos',
      versionCode: 12,
      versionName: options.versionName ?? '1.2.0',
      minSdkVersion: 26,
      assets: options.assetBytes
        ? [{ name: 'media.bin', size: options.assetBytes, stored: true }]
        : undefined,
    },
    path,
  );
  const bytes = readFileSync(path);
  return {
    path,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Fills the request form with the file and comment and sends it. */
export async function sendRequest(page: Page, apk: TestApk, comment: string) {
  await page.getByRole('tab', { name: 'New request' }).click();
  await page.locator('input[type="file"]').setInputFiles(apk.path);
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await page.getByRole('button', { name: 'Send request' }).click();
}
