import { queryOptions, useQuery } from '@tanstack/react-query';
import { ipResponse } from '@tkc/contracts/api/system';
import { PUBLIC_IP_CACHE_MS } from '@tkc/contracts/constants';
import { apiRequest } from '@/lib/api-client';
import { type CachedIp, cachedIp } from '@/lib/ip-cache';
import { readJson, storageKeys, writeStorage } from '@/lib/storage';

// GET /ip: the caller's public address as the server sees it (instead of a third-party service),
// cached four hours in local storage (docs/product.md#browser-storage). Sign-in waits for it.

async function getPublicIp(signal?: AbortSignal): Promise<string> {
  const hit = cachedIp(Date.now(), readJson<CachedIp>(storageKeys.publicIp));
  if (hit) return hit;
  const answer = await apiRequest('/ip', { schema: ipResponse, auth: 'none', signal });
  writeStorage(storageKeys.publicIp, JSON.stringify({ ip: answer.data.ip, at: Date.now() }));
  return answer.data.ip;
}

const publicIpQueryOptions = () =>
  queryOptions({
    queryKey: ['public-ip'],
    queryFn: ({ signal }) => getPublicIp(signal),
    staleTime: PUBLIC_IP_CACHE_MS,
  });

export const usePublicIp = () => useQuery(publicIpQueryOptions());
