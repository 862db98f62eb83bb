import i18n from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { App } from './app';
import { createPathRouter, loadMatchedRoutes } from './app/router';
import { i18nOptions } from './lib/i18n';
import { documentTitle, mergeHandles } from './lib/route-handle';

// The build renders the sign-in page to HTML once, in English and the light theme, so that a first
// visit paints it before any script has run (docs/web.md#static-sign-in). Run by build.mjs on the
// server-side build of this module; never part of the browser's bundle.

export type StaticPage = { html: string; title: string };

export async function renderStaticPage(path: string): Promise<StaticPage> {
  // Imported as lib/i18n.ts imports it (a static import would make the bundler warn about it).
  const english = (await import('./locales/en')).default;
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    lng: 'en',
    resources: { en: english as unknown as Record<string, Record<string, unknown>> },
    initAsync: false,
  });
  await loadMatchedRoutes(path);
  const router = createPathRouter(path);
  const html = renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // The title the page's route gives it, as the root layout sets it in the browser.
  const { title } = mergeHandles(router.state.matches.map((match) => match.route));
  return { html, title: documentTitle(title && i18n.t(title)) };
}
