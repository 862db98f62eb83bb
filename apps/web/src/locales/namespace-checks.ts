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

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** How a language's bundle of a namespace is checked against English. */
export type NamespaceRule = {
  english: Map<string, string>;
  /** At most this share (0-1) of the texts may read as the English; unset: not checked. */
  copiedShare?: number;
  /** At most this many texts may read as the English (bare templates); unset: not checked. */
  copiedMax?: number;
  /** The keys must come in the English order (the terms, read section by section). */
  isOrdered?: boolean;
};

/**
 * Everything wrong with one language's bundle of a namespace, each as one line: keys missing or
 * unknown, empty texts, placeholders not kept, too many texts left in English. Empty when fine.
 */
export function translationProblems(label: string, rule: NamespaceRule, bundle: unknown): string[] {
  const { english } = rule;
  const mine = leaves(bundle);
  const problems: string[] = [];
  for (const key of english.keys()) if (!mine.has(key)) problems.push(`${label}: missing ${key}`);
  for (const [key, text] of mine) {
    if (!english.has(key)) {
      problems.push(`${label}: unknown key ${key}`);
      continue;
    }
    if (text.trim() === '') problems.push(`${label}: ${key} is empty`);
    const want = placeholders(english.get(key)!).join(',');
    const got = placeholders(text).join(',');
    if (got !== want) problems.push(`${label}: ${key} has placeholders [${got}], not [${want}]`);
  }
  if (rule.isOrdered && problems.length === 0) {
    const order = [...mine.keys()].join(' ');
    if (order !== [...english.keys()].join(' ')) problems.push(`${label}: keys not in order`);
  }
  const copied = [...mine].filter(([key, text]) => text === english.get(key)).map(([k]) => k);
  const limit = Math.min(
    rule.copiedShare === undefined ? Infinity : Math.ceil(english.size * rule.copiedShare) - 1,
    rule.copiedMax ?? Infinity,
  );
  if (copied.length > limit)
    problems.push(`${label}: ${copied.length} texts left in English: ${copied.join(', ')}`);
  return problems;
}

/**
 * A namespace in every other language, one test per language that lists every problem at once:
 * the English keys and no other, no empty text, the same placeholders, and less than
 * `copiedShare` of its texts left as the English words.
 */
export function describeTranslations(
  namespace: string,
  english: Map<string, string>,
  bundles: Record<string, unknown>,
  copiedShare: number,
) {
  describe(`${namespace} namespace`, () => {
    it.each(Object.entries(bundles))(
      '%s: complete, filled, placeholders kept, translated',
      (lng, bundle) => {
        expect(
          translationProblems(`${lng} ${namespace}`, { english, copiedShare }, bundle),
        ).toEqual([]);
      },
    );
  });
}

/** Every `text('key')` in a feature's source (tests excluded) is an English key: one test. */
export function describeSourceKeys(
  title: string,
  featureDir: URL,
  english: Map<string, string>,
  atLeast: number,
) {
  describe(title, () => {
    it('finds the keys, and English has each of them', () => {
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
      expect(found.length).toBeGreaterThan(atLeast);
      expect(
        found.filter((f) => !english.has(f.key)).map((f) => `${f.key} (${f.file})`),
        'keys the source asks for that English lacks',
      ).toEqual([]);
    });
  });
}
