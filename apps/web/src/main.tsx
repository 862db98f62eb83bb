import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
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

// A promise rather than a top-level await: the bundler turns off its chunk merging for a module
// graph with top-level await, and /auth would load dozens of small chunks (docs/benchmarks.md#web).
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
