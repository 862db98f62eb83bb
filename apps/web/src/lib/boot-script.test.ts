import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { storageKeys } from './storage';

// public/boot.js runs before the first paint (docs/web.md#static-sign-in). It cannot import the
// storage keys, so it is run here against a stored state written with them.

const source = readFileSync(new URL('../../public/boot.js', import.meta.url), 'utf8');

function boot(stored: Partial<Record<string, string>>, prefersDark = false) {
  const attributes = new Map<string, string>();
  const window = {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    matchMedia: () => ({ matches: prefersDark }),
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  vm.runInNewContext(source, { window, document });
  return {
    scheme: attributes.get('data-mantine-color-scheme'),
    isStaticPageHidden: attributes.has('data-static-page-hidden'),
  };
}

describe('boot script', () => {
  it('a first visit keeps the static sign-in page, in the light theme', () => {
    expect(boot({})).toEqual({ scheme: 'light', isStaticPageHidden: false });
    expect(boot({ [storageKeys.language]: 'en', [storageKeys.colorScheme]: 'light' })).toEqual({
      scheme: 'light',
      isStaticPageHidden: false,
    });
  });

  it('a stored language, theme, layout or session hides it', () => {
    expect(boot({ [storageKeys.language]: 'de' }).isStaticPageHidden).toBe(true);
    expect(boot({ [storageKeys.colorScheme]: 'dark' })).toEqual({
      scheme: 'dark',
      isStaticPageHidden: true,
    });
    expect(boot({ [storageKeys.colorScheme]: 'auto' }, true)).toEqual({
      scheme: 'dark',
      isStaticPageHidden: true,
    });
    expect(boot({ [storageKeys.layoutConfig]: '{}' }).isStaticPageHidden).toBe(true);
    expect(boot({ [storageKeys.apiToken]: 'token' }).isStaticPageHidden).toBe(true);
  });

  it('blocked storage is a first visit', () => {
    const window = {
      localStorage: {
        getItem: () => {
          throw new Error('blocked');
        },
      },
      matchMedia: () => ({ matches: false }),
    };
    const attributes = new Map<string, string>();
    const document = {
      documentElement: { setAttribute: (n: string, v: string) => attributes.set(n, v) },
    };
    vm.runInNewContext(source, { window, document });
    expect([...attributes]).toEqual([['data-mantine-color-scheme', 'light']]);
  });
});
