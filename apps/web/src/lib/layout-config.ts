import { DEFAULT_LAYOUT } from '@tkc/contracts/constants';
import { useSyncExternalStore } from 'react';
import { readJson, storageKeys, writeStorage } from './storage';

// The layout configuration (docs/product.md#preferences), kept in the browser: side menu shown, header hidden (the
// optional second, horizontal menu bar), dark skin on (a dark side menu), blue primary colour.

export type LayoutConfig = {
  isSideMenuShown: boolean;
  isHeaderShown: boolean;
  isDarkSkin: boolean;
  primaryColor: string;
};

export const defaultLayout: LayoutConfig = { ...DEFAULT_LAYOUT };

/** Stored values over the defaults; anything malformed falls back to its default. */
export function mergeLayout(stored: unknown): LayoutConfig {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const bool = (key: keyof LayoutConfig) =>
    typeof s[key] === 'boolean' ? (s[key] as boolean) : (defaultLayout[key] as boolean);
  return {
    isSideMenuShown: bool('isSideMenuShown'),
    isHeaderShown: bool('isHeaderShown'),
    isDarkSkin: bool('isDarkSkin'),
    primaryColor:
      typeof s.primaryColor === 'string' && /^[a-z]{3,12}$/.test(s.primaryColor)
        ? s.primaryColor
        : defaultLayout.primaryColor,
  };
}

let layout = mergeLayout(readJson(storageKeys.layoutConfig));
const listeners = new Set<() => void>();

const getLayout = () => layout;

export function updateLayout(patch: Partial<LayoutConfig>): void {
  layout = mergeLayout({ ...layout, ...patch });
  writeStorage(storageKeys.layoutConfig, JSON.stringify(layout));
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useLayoutConfig(): LayoutConfig {
  return useSyncExternalStore(subscribe, getLayout, getLayout);
}
