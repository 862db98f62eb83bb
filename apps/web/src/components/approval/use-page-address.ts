import { useSearchParams } from 'react-router';

/**
 * The page's state kept in the address (its tab, the open request), so a mail's link
 * (?request=<id>) opens a request and reload keeps it. A change replaces the entry: Back leaves
 * the page instead of stepping through tabs.
 */
export function usePageAddress() {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return { params, update };
}
