import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Checks every locale bundle's test shares (tests only): the bundle's leaves, their placeholders,
// that a namespace is complete and translated in each language, and that every key a feature's
// source asks its translator `text` for exists in English.

type Tree = { [key: string]: string | Tree | Tree[] };

/** Every leaf text of a bundle, by its dotted key. */
export function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree as Tree)) {
    for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

export const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * A namespace in every other language: the English keys and no other, no empty text, the same
 * placeholders, and at most `copiedShare` of its texts left as the English words.
 */
export function describeTranslations(
  namespace: string,
  english: Map<string, string>,
  bundles: Record<string, unknown>,
  copiedShare: number,
) {
  describe.each(Object.entries(bundles))(`${namespace} namespace, %s`, (lng, bundle) => {
    const mine = leaves(bundle);

    it('has every English key and no other', () => {
      expect(
        [...english.keys()].filter((k) => !mine.has(k)),
        `${lng} is missing`,
      ).toEqual([]);
      expect(
        [...mine.keys()].filter((k) => !english.has(k)),
        `${lng} has extra`,
      ).toEqual([]);
    });

    it('has no empty text and keeps every placeholder', () => {
      for (const [key, text] of mine) {
        expect(text.trim(), `${lng}:${key}`).not.toBe('');
        expect(placeholders(text), `${lng}:${key}`).toEqual(placeholders(english.get(key)!));
      }
    });

    it('is translated, not copied from English', () => {
      const same = [...mine].filter(([key, text]) => text === english.get(key)).map(([k]) => k);
      expect(same.length, `${lng} copies ${same.join(', ')}`).toBeLessThan(
        english.size * copiedShare,
      );
    });
  });
}

/** Every `text('key')` in a feature's source (tests excluded) is an English key. */
export function describeSourceKeys(
  title: string,
  featureDir: URL,
  english: Map<string, string>,
  atLeast: number,
) {
  describe(title, () => {
    const feature = fileURLToPath(featureDir);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
      });
    const found = files(feature).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\btext\(\s*'([^']+)'/g)].map((m) => ({
        file: file.slice(feature.length),
        key: m[1]!,
      })),
    );

    it('finds the keys', () => {
      expect(found.length).toBeGreaterThan(atLeast);
    });

    it.each(found.map((f) => [f.key, f.file]))('%s (%s)', (key) => {
      expect(english.has(key), key).toBe(true);
    });
  });
}
