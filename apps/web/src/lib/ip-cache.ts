import { PUBLIC_IP_CACHE_MS } from '@tkc/contracts/constants';

/** The public address kept in local storage with the time it was learnt (spec 9: 4 hours). */
export type CachedIp = { ip: string; at: number };

export function cachedIp(now: number, cached: CachedIp | null): string | null {
  if (!cached || typeof cached.ip !== 'string' || typeof cached.at !== 'number') return null;
  return now - cached.at < PUBLIC_IP_CACHE_MS && now >= cached.at ? cached.ip : null;
}
