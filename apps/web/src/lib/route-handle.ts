import { useMatches } from 'react-router';

/** Per-route facts the layouts read (React Router `handle`). */
export type RouteHandle = {
  /** i18n key of the page title shown in the header and the document title. */
  title?: string;
  /** i18n key of the optional page description under the title. */
  description?: string;
  /** The auth card is wider for long pages (terms). */
  isWide?: boolean;
};

/** The handle of the deepest route that has the field, from the routes an address matched. */
export function mergeHandles(matches: readonly { handle?: unknown }[]): RouteHandle {
  const merged: RouteHandle = {};
  for (const match of matches) Object.assign(merged, (match.handle ?? {}) as RouteHandle);
  return merged;
}

export const useRouteHandle = (): RouteHandle => mergeHandles(useMatches());

/** The browser tab's title: the page's own title (translated), then the product's name. */
export const documentTitle = (pageTitle?: string) =>
  pageTitle ? `${pageTitle} · Terminal Key Console` : 'Terminal Key Console';
