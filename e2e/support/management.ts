import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { extractLink } from '../../apps/server/test/support/smtp-catcher';
import {
  adminInvite,
  api,
  mailMark,
  newTestUser,
  nextMail,
  registerThroughApi,
  type TestUser,
} from './api';
import { isShooting, screenshotDir } from './paths';
import type { Stack } from './stack';

// Shortcuts for the management tests: accounts in any company, companies made through the API,
// and light screenshots of the management screens.

/** An invitation link into `company` (loopback admin endpoint), for `roles` (comma list). */
export async function inviteInto(
  stack: Stack,
  email: string,
  company: string,
  roles: string,
): Promise<string> {
  const since = mailMark(stack);
  const answer = await adminInvite(stack, email, company, roles);
  if (answer.status !== 200)
    throw new Error(`invite: ${answer.status} ${JSON.stringify(answer.body)}`);
  return extractLink(await nextMail(stack, email, since), '/auth/register?api_token=');
}

/** A registered account of `company` holding `roles`; no session left open. */
export async function createUserIn(
  stack: Stack,
  company: string,
  roles: string,
  prefix = 'user',
): Promise<TestUser> {
  const user = newTestUser(prefix);
  await registerThroughApi(stack, await inviteInto(stack, user.email, company, roles), user);
  return user;
}

export type CompanyAnswer = { id: string; code: string; name: string };

/** POST /companies as a global admin. */
export async function createCompanyThroughApi(
  stack: Stack,
  token: string,
  body: { code: string; name: string; licences?: Record<string, number> },
): Promise<CompanyAnswer> {
  const answer = await api(stack, '/companies', { token, body: { tier: 'production', ...body } });
  if (answer.status !== 200) {
    throw new Error(`create company: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data as CompanyAnswer;
}

/** A company code no other test uses (A-Z and digits). */
export const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()}`.slice(0, 32);

/** docs/screenshots/<name>-light.png of the page in the light scheme, toasts gone. */
export async function shootLight(page: Page, name: string): Promise<void> {
  if (!isShooting) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => {});
  await page.evaluate(() =>
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light'),
  );
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(screenshotDir, `${name}-light.png`) });
}
