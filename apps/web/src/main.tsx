import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadMatchedRoutes } from './app/router';
import { initI18n } from './lib/i18n';
import { reloadSessionFromStorage } from './lib/session';
import { storageKeys } from './lib/storage';

// Another tab signing in or out changes the stored token: follow it.
window.addEventListener('storage', (event) => {
  if (
    event.key === storageKeys.apiToken ||
    event.key === storageKeys.authExp ||
    event.key === null
  ) {
    reloadSessionFromStorage();
  }
});

// /auth arrives with the sign-in page painted at build time (docs/web.md#static-sign-in). The live
// page replaces it in React's first commit, so its routes load before that render: the loading
// screen never comes between the two. A copy the visitor's choices rule out (public/boot.js) goes.
const container = document.getElementById('root')!;
const staticPage = container.querySelector('[data-static-page]');
const isStaticPageShown =
  staticPage !== null && !document.documentElement.hasAttribute('data-static-page-hidden');
if (staticPage && !isStaticPageShown) staticPage.remove();

// Promises rather than a top-level await: the bundler turns off its chunk merging for a module
// graph with top-level await, and /auth would load dozens of small chunks (docs/benchmarks.md#web).
void Promise.all([
  initI18n(),
  // A route that fails to load is the router's to report, as without the static page.
  isStaticPageShown ? loadMatchedRoutes(window.location.pathname).catch(() => {}) : null,
]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
