import { QUERY_RETRIES } from '@tkc/contracts/constants';
import { isApiError } from './api-client';

// The retry rule of every load (docs/product.md#retries), apart from lib/react-query.ts: the
// signed-out screens use it without TanStack Query (docs/web.md#bundle).

/** docs/product.md#retries: 3 retries, but a 4xx (bad input, no session, not found) will not change. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isApiError(error) && error.code === 'NO_AUTHID') return false;
  return true;
}

/** The wait before a retry, as TanStack Query's default: 1 s, 2 s, 4 s, ... at most 30 s. */
export const retryDelayMs = (failureCount: number): number =>
  Math.min(1000 * 2 ** failureCount, 30_000);
