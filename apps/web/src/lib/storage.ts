import { STORAGE_KEYS } from '@tkc/contracts/constants';

// Every browser-storage key the console uses, in one place (docs/product.md#browser-storage).
export const storageKeys = {
  ...STORAGE_KEYS,
  /** Cached public address: { ip, at } (4 hours). */
  publicIp: 'public_ip',
  /** Same key (and values) the boot script public/boot.js reads: light | dark | auto. */
  colorScheme: STORAGE_KEYS.theme,
  layoutConfig: STORAGE_KEYS.layout,
  /** The last use of the console in any tab (epoch ms), for the idle timer (lib/idle-activity.ts). */
  lastActivity: 'last_activity',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage can throw (privacy modes, quota); the console then simply forgets.
export function readStorage(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // ignored: see above
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // ignored: see above
    }
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
