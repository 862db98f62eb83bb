import i18n from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { App } from './app';
import { createPathRouter, loadMatchedRoutes } from './app/router';
import { languageCodes } from './lib/i18n';

// The build renders the sign-in page to HTML once, in English and the light theme, so that a first
// visit paints it before any script has run (docs/web.md#static-sign-in). Run by build.mjs on the
// server-side build of this module; never part of the browser's bundle.

export type StaticPage = { html: string; title: string };

export async function renderStaticPage(path: string): Promise<StaticPage> {
  // Imported as lib/i18n.ts imports it (a static import would make the bundler warn about it).
  const english = (await import('./locales/en')).default;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...languageCodes],
    ns: ['translation', 'msg'],
    defaultNS: 'translation',
    resources: { en: english as unknown as Record<string, Record<string, unknown>> },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: true },
  });
  await loadMatchedRoutes(path);
  const html = renderToString(
    <StrictMode>
      <App router={createPathRouter(path)} />
    </StrictMode>,
  );
  return { html, title: `${i18n.t('signIn.title')} · Terminal Key Console` };
}
