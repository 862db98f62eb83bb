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
  // layout, signed out, no message or e-mail handed over by another screen (the router's state
  // in the history entry, kept across a reload). Any other case hides it (global.css) until the
  // live page renders, rather than flashing the wrong one, and with it its English title.
  const lang = read('lang');
  let hasRouterState = false;
  try {
    hasRouterState = Boolean(window.history.state?.usr);
  } catch {
    // No history state to read: as a first visit.
  }
  const isAsBuilt =
    (lang === null || lang === 'en') &&
    (theme === null || theme === 'light') &&
    read('layout') === null &&
    read('api_token') === null &&
    !hasRouterState;
  if (!isAsBuilt) {
    root.setAttribute('data-static-page-hidden', '');
    document.title = 'Terminal Key Console';
  }
})();
