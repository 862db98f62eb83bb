// Before the first paint (docs/web.md#static-sign-in): the stored theme (no light flash), and
// whether the sign-in page painted at build time may show.
(() => {
  const read = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // blocked storage: a first visit
    }
  };
  // Mantine's localStorageColorSchemeManager's key and values.
  const theme = read('theme');
  let scheme = 'light';
  if (theme === 'light' || theme === 'dark') scheme = theme;
  if (theme === 'auto') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', scheme);
  // Built as English, light, default layout, signed out, no router state handed over.
  const lang = read('lang');
  let hasRouterState = false;
  try {
    hasRouterState = Boolean(window.history.state?.usr);
  } catch {
    // no history state: a first visit
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
