import { useEffect, useState } from 'react';
import { retryDelayMs, shouldRetryQuery } from './query-retry';

// One-shot loads of the signed-out screens (the public address, a link's check). They paint
// without TanStack Query (docs/web.md#bundle), so this keeps what they used of a query: its
// retries (docs/product.md#retries) with the same growing wait, no attempt while the browser is
// offline, one request per key however many screens ask at once, and another try when the
// browser comes back online after a failure.

export type Load<T> = { data: T | undefined; isError: boolean };

type LoadOptions<T> = {
  /** Nothing loads while false. */
  isEnabled?: boolean;
  /** Retry as a query does (the default), or not at all. */
  isRetried?: boolean;
  /** An answer already at hand (a cache): no request then. */
  initialData?: () => T | undefined;
};

const inFlight = new Map<string, Promise<unknown>>();

function whenOnline(): Promise<void> {
  if (globalThis.navigator?.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('online', () => resolve(), { once: true });
  });
}

/** A load with the query retries (exported for its unit test). */
export async function withRetries<T>(load: () => Promise<T>, isRetried: boolean): Promise<T> {
  for (let failures = 0; ; failures++) {
    await whenOnline();
    try {
      return await load();
    } catch (error) {
      if (!isRetried || !shouldRetryQuery(failures, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
    }
  }
}

/** Loads once per key (and again online after a failure); `data` stays once it has come. */
export function useLoad<T>(
  key: string,
  load: () => Promise<T>,
  { isEnabled = true, isRetried = true, initialData }: LoadOptions<T> = {},
): Load<T> {
  const [state, setState] = useState<Load<T> & { key: string }>(() => ({
    key,
    data: initialData?.(),
    isError: false,
  }));
  const [attempt, setAttempt] = useState(0);
  const current = state.key === key ? state : { key, data: undefined, isError: false };
  const hasData = current.data !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key or attempt loads; the loader of a key does not change.
  useEffect(() => {
    if (!isEnabled || hasData) return;
    let isLive = true;
    let pending = inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = withRetries(load, isRetried).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    pending.then(
      (data) => {
        if (isLive) setState({ key, data, isError: false });
      },
      () => {
        if (isLive) setState({ key, data: undefined, isError: true });
      },
    );
    return () => {
      isLive = false;
    };
  }, [key, isEnabled, hasData, attempt]);

  useEffect(() => {
    if (!isEnabled || !current.isError) return;
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [isEnabled, current.isError]);

  return { data: current.data, isError: current.isError };
}
