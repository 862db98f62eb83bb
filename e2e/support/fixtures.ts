import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { extractCode } from '../../apps/server/test/support/smtp-catcher';
import { mailMark, nextMail, type Session, signInThroughApi, type TestUser } from './api';
import { webDist } from './paths';
import { type Stack, startStack } from './stack';

type WorkerFixtures = { stack: Stack };
type TestFixtures = { url: (path: string) => string; serverLogOnFailure: undefined };

/** The worker's server once started (a test that needs none does not start it). */
let workerStack: Stack | undefined;

/**
 * One server + SMTP catcher per worker for every browser test (each test makes its own users, so
 * tests stay apart): one kind of worker, so Playwright never stops a worker to start another
 * server for the next file. It runs the Key Erase demo mode (FEATURE_KEY_ERASE_DEMO=1, which
 * only adds the demo terminal) and serves a private copy of the built SPA, so a rebuild of
 * apps/web/dist during the run (other work in the same tree) cannot take chunks away under a
 * page. E2E_WEB_DIST names another build to serve (a build of work in progress).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps this way.
    async ({}, use) => {
      const dist = mkdtempSync(join(tmpdir(), 'tkc-e2e-web-'));
      cpSync(process.env.E2E_WEB_DIST ?? webDist, dist, { recursive: true });
      const stack = await startStack({ FEATURE_KEY_ERASE_DEMO: '1', WEB_DIST: dist });
      workerStack = stack;
      await use(stack);
      workerStack = undefined;
      await stack.close();
      rmSync(dist, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  url: async ({ stack }, use) => {
    await use((path: string) => `${stack.baseUrl}${path}`);
  },
  // What the worker's server printed (its warnings and errors, LOG_LEVEL=warn, and its own
  // lines) while a failed test ran: attached and printed, so a failure on CI shows the server's
  // side too.
  serverLogOnFailure: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps this way.
    async ({}, use, testInfo) => {
      const start = workerStack?.log().length;
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus || !workerStack) return;
      // The first-run link's token (printed at start-up) is cut out, as any other link token.
      const written = workerStack
        .log()
        .slice(start ?? 0)
        .slice(-20_000)
        .replace(/(token=)[\w-]+/g, '$1[cut]');
      if (!written) return;
      await testInfo.attach('server-log', { body: written, contentType: 'text/plain' });
      console.error(`server log during "${testInfo.title}":\n${written}`);
    },
    { auto: true },
  ],
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
