import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, createUser } from '../support/api';
import { expect, openSignedIn, test } from '../support/fixtures';
import { repoRoot } from '../support/paths';

// Issue 15, item 5: at a phone's width (390 px) no list page scrolls sideways, the header's title
// is not cut, and the language button keeps its size. The widths measured here are written to
// test-results/phone-widths.json; docs/web.md quotes them.

const PHONE = { width: 390, height: 844 };

const LIST_PAGES = [
  { path: '/admin/user', title: 'User' },
  { path: '/admin/company', title: 'Overview' },
  { path: '/admin/company/sn?company=HQ_ID', title: 'Serial Number' },
  { path: '/model', title: 'Model' },
  { path: '/admin/audit', title: 'Audit Log' },
  { path: '/key-erase/log', title: 'Key Erase log' },
  { path: '/signer', title: 'Signer' },
  { path: '/cap-maker', title: 'General' },
] as const;

type Widths = { page: number; viewport: number; titleCut: boolean; languageButton: number };

/** The document's width against the viewport's, whether the header title is cut, the language button's width. */
async function measure(page: Page): Promise<Widths> {
  const title = page
    .getByRole('banner')
    .getByRole('heading', { level: 1 })
    .filter({ visible: true });
  const language = page.getByRole('button', { name: /^Language: / });
  const [titleCut, languageBox, document] = await Promise.all([
    title.evaluate((element) => element.scrollWidth > element.clientWidth + 1),
    language.boundingBox(),
    page.evaluate(() => ({
      page: window.document.documentElement.scrollWidth,
      viewport: window.document.documentElement.clientWidth,
    })),
  ]);
  return { ...document, titleCut, languageButton: languageBox?.width ?? 0 };
}

test('at 390 px no list page scrolls sideways, titles are whole and the language button keeps its size', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser(stack, 'plf-owner', 'phone');
  await page.setViewportSize(PHONE);
  const session = await openSignedIn(page, stack, owner, '/dashboard');
  const companies = await api(stack, '/companies', { method: 'GET', token: session.token });
  const hq = (companies.body.data as { data: { id: string; code: string }[] }).data.find(
    (company) => company.code === 'HQ',
  );
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  const dashboard = await measure(page);
  expect(dashboard.languageButton).toBeGreaterThan(0);

  const figures: Record<string, Widths> = { '/dashboard': dashboard };
  for (const { path, title } of LIST_PAGES) {
    await page.goto(`${stack.baseUrl}${path.replace('HQ_ID', hq!.id)}`);
    const header = page
      .getByRole('banner')
      .getByRole('heading', { level: 1 })
      .filter({ visible: true });
    await expect(header).toHaveText(new RegExp(title));
    // The page's main content has rendered (a table, a form or a tab list) before measuring.
    await expect(
      page.locator('main').getByRole('table').or(page.locator('main form')).first(),
    ).toBeVisible();
    const widths = await measure(page);
    figures[path] = widths;
    expect
      .soft(widths.page, `${path} is ${widths.page} px wide`)
      .toBeLessThanOrEqual(widths.viewport);
    expect.soft(widths.titleCut, `${path}: the header title is cut`).toBe(false);
    expect
      .soft(widths.languageButton, `${path}: the language button changed size`)
      .toBe(dashboard.languageButton);
  }
  const out = join(repoRoot, 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'phone-widths.json'), `${JSON.stringify(figures, null, 2)}\n`);
});
