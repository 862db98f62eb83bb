import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { APP_PATHS } from '@tkc/contracts/access/navigation';
import { newTestUser, registerThroughApi, signInThroughApi } from '../support/api';
import { expect, test } from '../support/key-erase';
import { inviteInto } from '../support/management';
import type { Stack } from '../support/stack';

// Every page of the router, signed out and signed in, in both themes and the six languages, checked
// with axe-core: no serious or critical violation anywhere. Which (page, theme, language) gets which
// axe run, and why that covers the rest, is in docs/web.md, "Accessibility": in English every page
// in both themes with every rule; in each other language every page again, light and dark by turns,
// with every rule but colour contrast (colours come from the theme, not the language).

/** axe-core itself, put into every document of the page once (see `audit`). */
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
type Lang = (typeof LANGUAGES)[number];
/** A11Y_MATRIX=full: every page in both themes in every language, every rule (12 runs a page). */
const FULL_MATRIX = process.env.A11Y_MATRIX === 'full';
/** Every role of the catalogue but the second of each radio group. */
const EVERY_ROLE =
  'plf-owner,plf-admin,com-admin,cap-manager,sig-manager,crt-manager,erk-user,mdl-viewer,kcg-manager';
/** The shell's pages. /version and the error pages render outside the shell, the same signed in
 * or out: the signed-out sweep checks them. */
const SIGNED_IN_PAGES = [...new Set<string>(Object.values(APP_PATHS))];
const SIGNED_OUT_PAGES = [
  '/auth',
  '/auth/forgot-password',
  '/auth/terms',
  '/auth/invalid',
  '/version',
  '/error/404',
  '/error/500',
];

/** The runs of page number `index` in `lang`: each a theme, and whether contrast is checked. */
function runsFor(lang: Lang, index: number): { theme: Theme; contrast: boolean }[] {
  if (FULL_MATRIX || lang === 'en') return THEMES.map((theme) => ({ theme, contrast: true }));
  return [{ theme: THEMES[(index + LANGUAGES.indexOf(lang)) % 2]!, contrast: false }];
}

type Finding = { where: string; rule: string; impact: string; targets: string[] };

/**
 * Requests in flight, counted from the page's own events: the client-side navigations below have
 * no load event to wait for, so a page counts as loaded once nothing has been in flight for a while.
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async function quiet(forMs = 250) {
    await expect
      .poll(() => inFlight <= 0 && Date.now() - lastChange >= forMs, { intervals: [50] })
      .toBe(true);
  };
}

/**
 * Waits for the page's finite animations and CSS transitions: colours caught halfway through the
 * change of theme would be measured for contrast. Spinners (infinite) are left running.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(r));
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

type Visitor = {
  page: Page;
  /** Opens `path` with a full load (first page of a language) or in the client (the rest). */
  open: (path: string, full?: boolean) => Promise<void>;
  /** Switches the theme the way another tab's choice reaches Mantine (a storage event). */
  theme: (theme: Theme) => Promise<void>;
  audit: (where: string, contrast: boolean) => Promise<void>;
  findings: Finding[];
  close: () => Promise<void>;
};

async function visitor(browser: Browser, stack: Stack, stored: Record<string, string>) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addInitScript({ path: AXE_PATH });
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/version`);
  await page.evaluate((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, stored);
  const quiet = trackRequests(page);
  const findings: Finding[] = [];
  let shown = stored.theme;
  const settle = async () => {
    await quiet();
    // The route's chunk is in (the navigation bar is hidden again) and nothing is still loading.
    await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
    // The live page, not the sign-in page painted at build time (docs/web.md#static-sign-in).
    await expect(page.locator('[data-static-page]')).toHaveCount(0);
    await page.locator('h1, h2').first().waitFor({ state: 'visible' });
    await transitionsDone(page);
  };
  const v: Visitor = {
    page,
    findings,
    async open(path, full = false) {
      if (full) {
        await page.goto(`${stack.baseUrl}${path}`);
      } else {
        // What the router does on Back/Forward: no reload, the signed-in shell stays.
        await page.evaluate((p) => {
          history.pushState(null, '', p);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      }
      // The path, or one below it where the route sends on (/key-erase opens its process page).
      await expect
        .poll(() => page.evaluate(() => location.pathname + location.search))
        .toMatch(new RegExp(`^${path.replace(/[?.]/g, '\\$&')}(/|$)`));
      await settle();
    },
    async theme(theme) {
      if (theme === shown) return;
      shown = theme;
      await page.evaluate((t) => {
        localStorage.setItem('theme', t);
        dispatchEvent(
          new StorageEvent('storage', { key: 'theme', newValue: t, storageArea: localStorage }),
        );
      }, theme);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await transitionsDone(page);
    },
    async audit(where, contrast) {
      // Legacy mode runs axe in the page itself (no helper tab per run); only violations come back.
      // axe-core is already in the document (the context's init script), so the builder's own
      // injection, twice per run, is a no-op instead of 550 KB of script each time.
      const result = await new AxeBuilder({ page, axeSource: 'void window.axe.version' })
        .setLegacyMode(true)
        .options({
          resultTypes: ['violations'],
          rules: {
            // Off by default in axe-core (experimental), and what issue 18 asks: accessible names
            // that contain the visible labels (WCAG 2.5.3), the rule that differs most by language.
            'label-content-name-mismatch': { enabled: true },
            ...(contrast ? {} : { 'color-contrast': { enabled: false } }),
          },
        })
        .analyze();
      for (const x of result.violations) {
        findings.push({
          where,
          rule: x.id,
          impact: x.impact ?? 'unknown',
          targets: x.nodes.slice(0, 4).map((n) => n.target.join(' ')),
        });
      }
    },
    close: () => context.close(),
  };
  return v;
}

/**
 * Visits `pages` in each language of `langs` with the runs `runsFor` names; a page a route sends on
 * to one already checked (/key-erase to its process page) is not checked twice. Returns the runs.
 */
async function sweep(v: Visitor, pages: readonly string[], langs: readonly Lang[]) {
  const done: string[] = [];
  for (const lang of langs) {
    // The language is read from storage at start-up: one full load per language.
    await v.page.evaluate((l) => localStorage.setItem('lang', l), lang);
    const seen = new Set<string>();
    for (const [index, path] of pages.entries()) {
      await v.open(path, index === 0);
      await expect(v.page.locator('html')).toHaveAttribute('lang', lang);
      const landed = new URL(v.page.url()).pathname;
      if (seen.has(landed)) continue;
      seen.add(landed);
      for (const { theme, contrast } of runsFor(lang, index)) {
        await v.theme(theme);
        const where = `${landed} [${theme}/${lang}${contrast ? '' : ', no contrast'}]`;
        await v.audit(where, contrast);
        done.push(where);
      }
    }
  }
  return done;
}

function serious(findings: Finding[]) {
  const found = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  for (const f of found)
    console.log(`${f.rule} (${f.impact}) ${f.where}: ${f.targets.join(' | ')}`);
  return found;
}

test.describe.configure({ mode: 'parallel' });

test('signed out pages have no serious violation', async ({ browser, stack }) => {
  test.setTimeout(240_000);
  const reader = newTestUser('reader');
  const invitation = new URL(await inviteInto(stack, reader.email, 'HQ', 'cap-user'));
  const v = await visitor(browser, stack, { theme: 'light', lang: 'en' });
  const pages = [...SIGNED_OUT_PAGES, invitation.pathname + invitation.search];
  const runs = await sweep(v, pages, LANGUAGES);
  await v.close();
  expect(runs).toHaveLength(pages.length * (FULL_MATRIX ? 12 : 7));
  expect(serious(v.findings)).toEqual([]);
});

// Two parts of the signed-in sweep of about the same cost, so the two workers can share them.
for (const langs of [
  ['en', 'de'],
  ['es', 'fr', 'ja', 'zh'],
] as const) {
  test(`signed in pages have no serious violation (${langs.join(', ')})`, async ({
    browser,
    stack,
  }) => {
    test.setTimeout(240_000);
    const user = newTestUser('every');
    await registerThroughApi(stack, await inviteInto(stack, user.email, 'HQ', EVERY_ROLE), user);
    const session = await signInThroughApi(stack, user);
    const v = await visitor(browser, stack, {
      api_token: session.token,
      authExp: session.expiry,
      theme: 'light',
    });
    const runs = await sweep(v, SIGNED_IN_PAGES, langs);
    await v.close();
    // /key-erase opens its process page, checked once.
    const pages = SIGNED_IN_PAGES.length - 1;
    expect(runs).toHaveLength(langs.reduce((n, l) => n + pages * (l === 'en' ? 2 : 1), 0));
    expect(serious(v.findings)).toEqual([]);
  });
}
