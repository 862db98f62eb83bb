import { PUBLIC_IP_CACHE_MS } from '@tkc/contracts/constants';

/** The public address kept 4 hours in local storage, with when it was learnt (docs/product.md#calls). */
export type CachedIp = { ip: string; at: number };

export function cachedIp(now: number, cached: CachedIp | null): string | null {
  if (!cached || typeof cached.ip !== 'string' || typeof cached.at !== 'number') return null;
  return now - cached.at < PUBLIC_IP_CACHE_MS && now >= cached.at ? cached.ip : null;
}
