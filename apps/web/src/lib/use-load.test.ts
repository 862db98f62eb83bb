import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { withRetries } from './use-load';

// The signed-out screens' loads retry as a query does (docs/product.md#retries): three retries
// after 1, 2 and 4 s, none for a 4xx answer, none when the caller asks for none.

const answered = (status: number) => new ApiError({ message: `status ${status}`, status });

afterEach(() => {
  vi.useRealTimers();
});

describe('withRetries', () => {
  it('tries four times in all, waiting 1, 2 and 4 s, then gives up', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.reject(answered(503)));
    const result = withRetries(load, true).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(load).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toMatchObject({ status: 503 });
  });

  it('answers the first success', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(answered(0))
      .mockResolvedValue('198.51.100.7');
    const result = withRetries(load, true);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('198.51.100.7');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 4xx answer, nor when retries are off', async () => {
    const notFound = vi.fn(() => Promise.reject(answered(404)));
    await expect(withRetries(notFound, true)).rejects.toMatchObject({ status: 404 });
    expect(notFound).toHaveBeenCalledTimes(1);
    const down = vi.fn(() => Promise.reject(answered(503)));
    await expect(withRetries(down, false)).rejects.toMatchObject({ status: 503 });
    expect(down).toHaveBeenCalledTimes(1);
  });
});
