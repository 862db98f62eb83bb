import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { APP_PATHS } from '@tkc/contracts/access/navigation';
import { newTestUser, registerThroughApi, type Session, signInThroughApi } from '../support/api';
import { expect, test } from '../support/key-erase';
import { inviteInto } from '../support/management';
import type { Stack } from '../support/stack';

// Every page of the router, signed out and signed in, in both themes and the six languages, checked
// with axe-core: no serious or critical violation anywhere (docs/web.md, "Accessibility").

const THEMES = ['light', 'dark'] as const;
const LANGUAGES = (process.env.A11Y_LANGS?.split(',') ?? [
  'en',
  'de',
  'es',
  'fr',
  'ja',
  'zh',
]) as readonly string[];
/** Every role of the catalogue but the second of each radio group. */
const EVERY_ROLE =
  'plf-owner,plf-admin,com-admin,cap-manager,sig-manager,crt-manager,erk-user,mdl-viewer,kcg-manager';

type Finding = {
  page: string;
  theme: string;
  lang: string;
  rule: string;
  impact: string;
  targets: string[];
};

async function audit(page: Page, label: string, theme: string, lang: string, into: Finding[]) {
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations) {
    into.push({
      page: label,
      theme,
      lang,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
    });
  }
}

/** Waits until the page has loaded its chunks and data and shows its heading. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1, h2').first().waitFor({ state: 'visible' });
  await page.waitForTimeout(150);
}

async function newThemedPage(browser: Browser, theme: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, theme };
}

async function setStored(page: Page, stack: Stack, entries: Record<string, string>) {
  if (!page.url().startsWith(stack.baseUrl)) await page.goto(`${stack.baseUrl}/version`);
  await page.evaluate((e) => {
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, entries);
}

function report(findings: Finding[]) {
  const serious = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  const byRule = new Map<string, Set<string>>();
  for (const f of serious) {
    const key = `${f.rule} (${f.impact})`;
    if (!byRule.has(key)) byRule.set(key, new Set());
    byRule.get(key)!.add(`${f.page} [${f.theme}/${f.lang}] ${f.targets.join(' | ')}`);
  }
  for (const [rule, where] of byRule)
    console.log(`${rule}\n  ${[...where].slice(0, 30).join('\n  ')}`);
  return serious;
}

for (const theme of THEMES) {
  test(`signed out pages have no serious violation (${theme})`, async ({ browser, stack }) => {
    test.setTimeout(300_000);
    const findings: Finding[] = [];
    const { context, page } = await newThemedPage(browser, theme);
    const reader = newTestUser('reader');
    const invitation = await inviteInto(stack, reader.email, 'HQ', 'cap-user');
    for (const lang of LANGUAGES) {
      await setStored(page, stack, { theme, lang });
      for (const path of [
        '/auth',
        '/auth/forgot-password',
        '/auth/terms',
        '/auth/invalid',
        '/version',
        '/error/404',
        '/error/500',
        new URL(invitation).pathname + new URL(invitation).search,
      ]) {
        await page.goto(`${stack.baseUrl}${path}`);
        await settle(page);
        await audit(page, path.split('?')[0]!, theme, lang, findings);
      }
    }
    await context.close();
    expect(report(findings)).toEqual([]);
  });

  // One test per language: each a couple of minutes, run side by side on the two workers.
  for (const lang of LANGUAGES) {
    test(`signed in pages have no serious violation (${theme}, ${lang})`, async ({
      browser,
      stack,
    }) => {
      test.setTimeout(300_000);
      const findings: Finding[] = [];
      const user = newTestUser('every');
      await registerThroughApi(stack, await inviteInto(stack, user.email, 'HQ', EVERY_ROLE), user);
      const session: Session = await signInThroughApi(stack, user);
      const { context, page } = await newThemedPage(browser, theme);
      await setStored(page, stack, { api_token: session.token, authExp: session.expiry });
      await setStored(page, stack, { theme, lang });
      for (const path of [...new Set(Object.values(APP_PATHS)), '/version', '/error/404']) {
        await page.goto(`${stack.baseUrl}${path}`);
        await settle(page);
        await audit(page, path, theme, lang, findings);
      }
      await context.close();
      expect(report(findings)).toEqual([]);
    });
  }
}
