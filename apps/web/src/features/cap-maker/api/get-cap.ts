import { capResponse } from '@tkc/contracts/api/cap';
import { apiRequest } from '@/lib/api-client';

// GET /cap/caps/{id}: one General CAP, read again while it is being built.

async function getCap(id: string, signal?: AbortSignal) {
  const answer = await apiRequest(`/cap/caps/${encodeURIComponent(id)}`, {
    schema: capResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

/** Reads the CAP every `everyMs` until it is no longer building (or `signal` aborts). */
export async function waitUntilBuilt(
  id: string,
  { everyMs = 1_000, signal }: { everyMs?: number; signal?: AbortSignal } = {},
) {
  for (;;) {
    const row = await getCap(id, signal);
    if (row.status !== 'building') return row;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, everyMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The user aborted a request.', 'AbortError'));
      });
    });
  }
}
