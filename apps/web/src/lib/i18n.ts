import i18n, { type BackendModule, type InitOptions, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messageKey } from './messages';
import { readStorage, storageKeys, writeStorage } from './storage';

// Languages (docs/product.md#preferences). Each language is its own chunk, loaded on demand; /auth only carries the
// one in use. The 'terms' namespace (long legal text) is loaded only by the terms screens.

export const languageCodes = ['de', 'en', 'es', 'fr', 'ja', 'zh'] as const;
export type LanguageCode = (typeof languageCodes)[number];
const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Each language named in itself, as language pickers usually do. */
export const languageNames: Record<LanguageCode, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
};

/** BCP 47 tags for Intl formatting. */
export const languageLocales: Record<LanguageCode, string> = {
  de: 'de-DE',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  ja: 'ja-JP',
  zh: 'zh-CN',
};

export const isLanguageCode = (v: unknown): v is LanguageCode =>
  typeof v === 'string' && (languageCodes as readonly string[]).includes(v);

const uiLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/de'),
  en: () => import('../locales/en'),
  es: () => import('../locales/es'),
  fr: () => import('../locales/fr'),
  ja: () => import('../locales/ja'),
  zh: () => import('../locales/zh'),
};

// The signed-in part of 'translation' (the menu, the session prompts, the dashboard, role names)
// loads with the authenticated shell and joins the namespace under the same keys: /auth paints
// without it (docs/web.md#bundle).
const shellLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/shell/de'),
  en: () => import('../locales/shell/en'),
  es: () => import('../locales/shell/es'),
  fr: () => import('../locales/shell/fr'),
  ja: () => import('../locales/shell/ja'),
  zh: () => import('../locales/shell/zh'),
};
let isShellWanted = false;

const termsLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/terms/de'),
  en: () => import('../locales/terms/en'),
  es: () => import('../locales/terms/es'),
  fr: () => import('../locales/terms/fr'),
  ja: () => import('../locales/terms/ja'),
  zh: () => import('../locales/terms/zh'),
};

// 'account' (account settings and the dashboard's summaries) and 'guide' (the user guide) load
// with the pages that use them.
const accountLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/account/de'),
  en: () => import('../locales/account/en'),
  es: () => import('../locales/account/es'),
  fr: () => import('../locales/account/fr'),
  ja: () => import('../locales/account/ja'),
  zh: () => import('../locales/account/zh'),
};

const guideLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/guide/de'),
  en: () => import('../locales/guide/en'),
  es: () => import('../locales/guide/es'),
  fr: () => import('../locales/guide/fr'),
  ja: () => import('../locales/guide/ja'),
  zh: () => import('../locales/guide/zh'),
};

// 'management' (users, companies, serial numbers, models, audit) loads with those screens.
const managementLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> =
  {
    de: () => import('../locales/management/de'),
    en: () => import('../locales/management/en'),
    es: () => import('../locales/management/es'),
    fr: () => import('../locales/management/fr'),
    ja: () => import('../locales/management/ja'),
    zh: () => import('../locales/management/zh'),
  };

// 'keyErase' (the Key Erase process and log, their help articles and the erase status texts)
// loads with the Key Erase pages.
const keyEraseLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/keyErase/de'),
  en: () => import('../locales/keyErase/en'),
  es: () => import('../locales/keyErase/es'),
  fr: () => import('../locales/keyErase/fr'),
  ja: () => import('../locales/keyErase/ja'),
  zh: () => import('../locales/keyErase/zh'),
};

// 'signer' (the Signer page: requests, approval, signing keys) loads with the Signer page.
const signerLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/signer/de'),
  en: () => import('../locales/signer/en'),
  es: () => import('../locales/signer/es'),
  fr: () => import('../locales/signer/fr'),
  ja: () => import('../locales/signer/ja'),
  zh: () => import('../locales/signer/zh'),
};

// 'capMaker' (CAP Maker's General and Key pages) loads with those pages.
const capMakerLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/capMaker/de'),
  en: () => import('../locales/capMaker/en'),
  es: () => import('../locales/capMaker/es'),
  fr: () => import('../locales/capMaker/fr'),
  ja: () => import('../locales/capMaker/ja'),
  zh: () => import('../locales/capMaker/zh'),
};

// 'apiErrors' (the texts of the API's error codes, see lib/api-errors.ts) loads with the
// authenticated shell, and on the signed-out screens with the first coded error answer.
const apiErrorsLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> =
  {
    de: () => import('../locales/api-errors/de'),
    en: () => import('../locales/api-errors/en'),
    es: () => import('../locales/api-errors/es'),
    fr: () => import('../locales/api-errors/fr'),
    ja: () => import('../locales/api-errors/ja'),
    zh: () => import('../locales/api-errors/zh'),
  };

// 'crt' (Certificate CAP and Key Certificate Group) loads with those pages.
const crtLoaders: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('../locales/crt/de'),
  en: () => import('../locales/crt/en'),
  es: () => import('../locales/crt/es'),
  fr: () => import('../locales/crt/fr'),
  ja: () => import('../locales/crt/ja'),
  zh: () => import('../locales/crt/zh'),
};

/** Namespaces kept in their own files (one chunk per language), by name. */
const namespaceLoaders: Record<string, typeof termsLoaders> = {
  terms: termsLoaders,
  account: accountLoaders,
  guide: guideLoaders,
  management: managementLoaders,
  keyErase: keyEraseLoaders,
  signer: signerLoaders,
  capMaker: capMakerLoaders,
  crt: crtLoaders,
  apiErrors: apiErrorsLoaders,
};

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLanguageCode(language)) {
      callback(null, {});
      return;
    }
    const own = Object.hasOwn(namespaceLoaders, namespace)
      ? namespaceLoaders[namespace]
      : undefined;
    const load = own
      ? own[language]().then((m) => m.default)
      : uiLoaders[language]().then(async (m) => {
          const texts = m.default[namespace] as Record<string, unknown>;
          if (namespace !== 'translation' || !isShellWanted) return texts;
          return { ...texts, ...(await shellLoaders[language]()).default };
        });
    load.then(
      (resources) => callback(null, resources ?? {}),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

function storedLanguage(): LanguageCode {
  const stored = readStorage(storageKeys.language);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The options every start of i18next shares: the browser's and the build-time render's. */
export const i18nOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...languageCodes],
  ns: ['translation', 'msg'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
} satisfies InitOptions;

export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({ lng, ...i18nOptions });
}

/**
 * The signed-in texts of 'translation', for every language loaded so far and, from now on, with
 * every language that loads. The shell's route waits for them (docs/web.md#bundle).
 */
export async function loadShellTexts(): Promise<void> {
  isShellWanted = true;
  const loaded = languageCodes.filter((lng) => i18n.hasResourceBundle(lng, 'translation'));
  await Promise.all(
    loaded.map(async (lng) => {
      const texts = (await shellLoaders[lng]()).default;
      i18n.addResourceBundle(lng, 'translation', texts, true, false);
    }),
  );
}

/** Switches the language and keeps the choice in browser storage (docs/product.md#preferences). */
export async function changeLanguage(lng: LanguageCode): Promise<void> {
  writeStorage(storageKeys.language, lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Translates a catalogue message (docs/product.md#validation, docs/product.md#errors). Its English
 * text is its key, so an unknown message (e.g. a new server text) still shows, in English.
 */
export function translateMessage(message: string, vars?: Record<string, unknown>): string {
  // Before i18n is up (or in unit tests) the message shows as it is, in English.
  if (!i18n.isInitialized) return message;
  const { key, vars: found } = messageKey(message);
  return i18n.t(key, {
    ns: 'msg',
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
    ...found,
    ...vars,
  });
}

export { i18n };
