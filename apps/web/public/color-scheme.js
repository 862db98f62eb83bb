// Runs before the first paint so a stored dark theme does not flash light.
// Same key and values as Mantine's localStorageColorSchemeManager ('light' | 'dark' | 'auto').
(() => {
  let scheme = 'light';
  try {
    const stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    if (stored === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
  } catch {
    // Storage may be blocked; keep the light default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
