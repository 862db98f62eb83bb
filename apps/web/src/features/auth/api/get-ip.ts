import { ApiError, apiRequest } from '@/lib/api-client';
import { type CachedIp, cachedIp } from '@/lib/ip-cache';
import { readJson, storageKeys, writeStorage } from '@/lib/storage';
import { useLoad } from '@/lib/use-load';

// GET /ip: the caller's public address as the server sees it (instead of a third-party service),
// cached four hours in local storage (docs/product.md#browser-storage). Sign-in waits for it.

const storedIp = () => cachedIp(Date.now(), readJson<CachedIp>(storageKeys.publicIp)) ?? undefined;

async function getPublicIp(): Promise<string> {
  const hit = storedIp();
  if (hit) return hit;
  const answer = await apiRequest('/ip', { auth: 'none' });
  // The contract's ipResponse ({ data: { ip: string } }) checked by hand: /auth loads this at
  // once, and zod would be the biggest part of its first paint (docs/benchmarks.md#web).
  const ip = (answer.data as { ip?: unknown } | undefined)?.ip;
  if (typeof ip !== 'string') {
    throw new ApiError({
      message: 'Unexpected answer from the server',
      status: answer.status,
      code: 'ERR_BAD_RESPONSE',
    });
  }
  writeStorage(storageKeys.publicIp, JSON.stringify({ ip, at: Date.now() }));
  return ip;
}

// Without TanStack Query: /auth paints without it (docs/web.md#bundle).
export const usePublicIp = () => useLoad('public-ip', getPublicIp, { initialData: storedIp });
