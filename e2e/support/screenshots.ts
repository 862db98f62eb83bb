import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { isShooting, screenshotDir } from './paths';

/** Writes docs/screenshots/<name>-<scheme>.png of the page in light and in dark. */
export async function shootBothSchemes(page: Page, name: string): Promise<void> {
  if (!isShooting) return;
  mkdirSync(screenshotDir, { recursive: true });
  const original = await page.evaluate(() => localStorage.getItem('theme'));
  // Toasts live three seconds; the pictures show the page, not the last message.
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => {});
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((s) => {
      // What the theme menu does, without opening it over the content.
      document.documentElement.setAttribute('data-mantine-color-scheme', s);
    }, scheme);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(screenshotDir, `${name}-${scheme}.png`) });
  }
  await page.evaluate((s) => {
    document.documentElement.setAttribute(
      'data-mantine-color-scheme',
      s === 'dark' ? 'dark' : 'light',
    );
  }, original);
}
