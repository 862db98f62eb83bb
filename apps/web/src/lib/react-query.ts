import { QueryClient } from '@tanstack/react-query';
import { QUERY_REFETCH_ON_WINDOW_FOCUS, QUERY_STALE_MS } from '@tkc/contracts/constants';
import { shouldRetryQuery } from './query-retry';

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
