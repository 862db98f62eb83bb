import { queryOptions, useQuery } from '@tanstack/react-query';
import { PUBLIC_IP_CACHE_MS } from '@tkc/contracts/constants';
import { ApiError, apiRequest } from '@/lib/api-client';
import { type CachedIp, cachedIp } from '@/lib/ip-cache';
import { readJson, storageKeys, writeStorage } from '@/lib/storage';

// GET /ip: the caller's public address as the server sees it (instead of a third-party service),
// cached four hours in local storage (docs/product.md#browser-storage). Sign-in waits for it.

async function getPublicIp(signal?: AbortSignal): Promise<string> {
  const hit = cachedIp(Date.now(), readJson<CachedIp>(storageKeys.publicIp));
  if (hit) return hit;
  const answer = await apiRequest('/ip', { auth: 'none', signal });
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

const publicIpQueryOptions = () =>
  queryOptions({
    queryKey: ['public-ip'],
    queryFn: ({ signal }) => getPublicIp(signal),
    staleTime: PUBLIC_IP_CACHE_MS,
  });

export const usePublicIp = () => useQuery(publicIpQueryOptions());
