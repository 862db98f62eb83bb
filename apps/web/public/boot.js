// Runs before the first paint (docs/web.md#static-sign-in).
(() => {
  const read = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // Storage may be blocked: as a first visit.
    }
  };
  // The stored colour scheme, so a dark theme does not flash light. Same key and values as
  // Mantine's localStorageColorSchemeManager ('light' | 'dark' | 'auto').
  const theme = read('theme');
  let scheme = 'light';
  if (theme === 'light' || theme === 'dark') scheme = theme;
  if (theme === 'auto') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', scheme);
  // /auth arrives with the sign-in page painted at build time: English, light theme, default
  // layout, signed out. Any other stored choice, or a session, hides it (global.css) until the
  // live page renders, rather than flashing the wrong one.
  const lang = read('lang');
  const isAsBuilt =
    (lang === null || lang === 'en') &&
    (theme === null || theme === 'light') &&
    read('layout') === null &&
    read('api_token') === null;
  if (!isAsBuilt) root.setAttribute('data-static-page-hidden', '');
})();
