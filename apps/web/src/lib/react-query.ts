import { QueryClient } from '@tanstack/react-query';
import {
  QUERY_REFETCH_ON_WINDOW_FOCUS,
  QUERY_RETRIES,
  QUERY_STALE_MS,
} from '@tkc/contracts/constants';
import { isApiError } from './api-client';

/** docs/product.md#retries: 3 retries, but a 4xx (bad input, no session, not found) will not change. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isApiError(error) && error.code === 'NO_AUTHID') return false;
  return true;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      retry: shouldRetryQuery,
      refetchOnWindowFocus: QUERY_REFETCH_ON_WINDOW_FOCUS,
    },
    mutations: { retry: false },
  },
});
