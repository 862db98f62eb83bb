import { test as base, expect, type Page } from '@playwright/test';
import { extractCode } from '../../apps/server/test/support/smtp-catcher';
import { mailMark, nextMail, type Session, signInThroughApi, type TestUser } from './api';
import { type Stack, startStack } from './stack';

type WorkerFixtures = { stack: Stack };
type TestFixtures = { url: (path: string) => string };

/** One server + SMTP catcher per worker; each test makes its own users, so tests stay apart. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps this way.
    async ({}, use) => {
      const stack = await startStack();
      await use(stack);
      await stack.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  url: async ({ stack }, use) => {
    await use((path: string) => `${stack.baseUrl}${path}`);
  },
});

export { expect };

/** Puts a session into the page's storage and opens `path` (for tests not about signing in). */
export async function openWithSession(
  page: Page,
  stack: Stack,
  session: Session,
  path = '/dashboard',
) {
  await page.goto(`${stack.baseUrl}/version`);
  await page.evaluate(({ token, expiry }) => {
    localStorage.setItem('api_token', token);
    localStorage.setItem('authExp', expiry);
  }, session);
  await page.goto(`${stack.baseUrl}${path}`);
}

/** Signs in through the API and opens the dashboard signed in. */
export async function openSignedIn(page: Page, stack: Stack, user: TestUser, path = '/dashboard') {
  const session = await signInThroughApi(stack, user);
  await openWithSession(page, stack, session, path);
  return session;
}

/** With the page's clock installed, opens the dashboard signed in and waits for the greeting. */
export async function openDashboardOnClock(page: Page, stack: Stack, user: TestUser) {
  await page.clock.install();
  const session = await openSignedIn(page, stack, user);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.firstName}` }),
  ).toBeVisible();
  return session;
}

/** Fills the sign-in form and presses Continue. */
export async function submitCredentials(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Types a 6-digit code into the six boxes (the last digit submits by itself). */
export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code, { delay: 30 });
}

/** Chooses Email on the method cards, waits for the mail, types its code. */
export async function signInWithEmailCode(page: Page, stack: Stack, email: string) {
  const since = mailMark(stack);
  await page.getByRole('button', { name: 'Email' }).click();
  const code = extractCode(await nextMail(stack, email, since));
  await typeCode(page, code);
}
