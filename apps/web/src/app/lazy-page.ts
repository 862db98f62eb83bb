import type { ComponentType } from 'react';
import { isChunkLoadError, shouldReloadForChunkError } from '@/lib/session-timing';

const RELOAD_AT_KEY = 'chunk_reload_at';

/**
 * A lazy route whose chunk failed to load (usually after a deployment) reloads the page, at most
 * once every 3 s (docs/product.md#signed-in); a repeated failure is rethrown to the route's error page.
 */
export function lazyPage<M extends { Component: ComponentType }>(load: () => Promise<M>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await load();
      return { Component: module.Component };
    } catch (error) {
      if (isChunkLoadError(error)) {
        const last = Number(sessionStorage.getItem(RELOAD_AT_KEY)) || null;
        const now = Date.now();
        if (shouldReloadForChunkError(now, last)) {
          sessionStorage.setItem(RELOAD_AT_KEY, String(now));
          window.location.reload();
          return new Promise<never>(() => {});
        }
      }
      throw error;
    }
  };
}
