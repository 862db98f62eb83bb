import { describe, expect, it } from 'vitest';
import { dayjsLocaleOf, parseLocalDate } from './date-field';

describe("date fields read the language's own format", () => {
  it.each([
    ['en', '03/05/2026', '2026-03-05'],
    ['de', '05.03.2026', '2026-03-05'],
    ['fr', '05/03/2026', '2026-03-05'],
    ['es', '05/03/2026', '2026-03-05'],
    ['ja', '2026/03/05', '2026-03-05'],
    ['zh', '2026/03/05', '2026-03-05'],
  ])('%s reads %s as %s', (language, typed, day) => {
    expect(parseLocalDate(typed, language)).toBe(day);
  });

  it('refuses what is not a day in that format', () => {
    expect(parseLocalDate('2026-03-05', 'en')).toBeNull();
    expect(parseLocalDate('13/45/2026', 'en')).toBeNull();
    expect(parseLocalDate('02/30/2026', 'en')).toBeNull();
    expect(parseLocalDate('', 'de')).toBeNull();
  });

  it('maps console languages to dayjs locales', () => {
    expect(dayjsLocaleOf('zh')).toBe('zh-cn');
    expect(dayjsLocaleOf('de-DE')).toBe('de');
    expect(dayjsLocaleOf('en')).toBe('en');
  });
});
