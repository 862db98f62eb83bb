import { currentLanguage, type LanguageCode, languageLocales } from './i18n';

// Counts in the chosen language's number format: 1,234 in English, 1.234 in German, 1 234 in
// French (docs/web.md, "Numbers and dates").

const formats = new Map<LanguageCode, Intl.NumberFormat>();

export function formatCount(n: number, language: LanguageCode = currentLanguage()): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(languageLocales[language]);
    formats.set(language, format);
  }
  return format.format(n);
}
