import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetryQuery } from './query-retry';
import { queryClient } from './react-query';

// The query rules of docs/product.md#retries: fresh for 15 minutes, 3 retries, never a retry of
// a 4xx answer (it will not change), no refetch when the window regains focus.

const answered = (status: number) => new ApiError({ message: `status ${status}`, status });

describe('query retries', () => {
  it('retries a server error or a lost answer three times, then stops', () => {
    for (const error of [answered(500), answered(503), answered(0), new Error('boom')]) {
      expect([0, 1, 2].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true]);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it('never retries a 4xx answer or a call made without a session', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetryQuery(0, answered(status))).toBe(false);
    }
    const noSession = new ApiError({ message: 'No AuthId', status: 0, code: 'NO_AUTHID' });
    expect(shouldRetryQuery(0, noSession)).toBe(false);
  });

  it('keeps data fresh 15 minutes and does not refetch on focus', () => {
    const defaults = queryClient.getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(15 * 60_000);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.retry).toBe(shouldRetryQuery);
  });
});
