import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { storageKeys } from './storage';

// public/boot.js runs before the first paint (docs/web.md#static-sign-in). It cannot import the
// storage keys, so it is run here against a stored state written with them.

const source = readFileSync(new URL('../../public/boot.js', import.meta.url), 'utf8');
const BUILT_TITLE = 'Sign In · Terminal Key Console';

function boot(
  stored: Partial<Record<string, string>>,
  { prefersDark = false, historyState = null as unknown, isStorageBlocked = false } = {},
) {
  const attributes = new Map<string, string>();
  const window = {
    localStorage: {
      getItem: (key: string) => {
        if (isStorageBlocked) throw new Error('blocked');
        return stored[key] ?? null;
      },
    },
    matchMedia: () => ({ matches: prefersDark }),
    history: { state: historyState },
  };
  const document = {
    title: BUILT_TITLE,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  vm.runInNewContext(source, { window, document });
  return {
    scheme: attributes.get('data-mantine-color-scheme'),
    isStaticPageHidden: attributes.has('data-static-page-hidden'),
    title: document.title,
  };
}

const shown = { scheme: 'light', isStaticPageHidden: false, title: BUILT_TITLE };
const hidden = { isStaticPageHidden: true, title: 'Terminal Key Console' };

describe('boot script', () => {
  it('a first visit keeps the static sign-in page and its title, in the light theme', () => {
    expect(boot({})).toEqual(shown);
    expect(boot({ [storageKeys.language]: 'en', [storageKeys.colorScheme]: 'light' })).toEqual(
      shown,
    );
    // A history entry of the router's own without state (a plain reload of /auth).
    expect(boot({}, { historyState: { idx: 0, key: 'default', usr: null } })).toEqual(shown);
  });

  it('a stored language, theme, layout or session, or a handed-over message, hides it', () => {
    expect(boot({ [storageKeys.language]: 'de' })).toMatchObject(hidden);
    expect(boot({ [storageKeys.colorScheme]: 'dark' })).toEqual({ scheme: 'dark', ...hidden });
    expect(boot({ [storageKeys.colorScheme]: 'auto' }, { prefersDark: true })).toEqual({
      scheme: 'dark',
      ...hidden,
    });
    expect(boot({ [storageKeys.layoutConfig]: '{}' })).toMatchObject(hidden);
    expect(boot({ [storageKeys.apiToken]: 'token' })).toMatchObject(hidden);
    expect(
      boot(
        {},
        { historyState: { idx: 1, key: 'k', usr: { message: 'Signed out', email: 'a@b.c' } } },
      ),
    ).toMatchObject(hidden);
  });

  it('blocked storage is a first visit', () => {
    expect(boot({}, { isStorageBlocked: true })).toEqual(shown);
  });
});
