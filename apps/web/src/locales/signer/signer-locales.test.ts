import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNER_STATUSES, SIGNING_KEY_ALGORITHMS } from '@tkc/contracts/api/signer';
import { fileMessages } from '@tkc/contracts/forms';
import { describe, expect, it } from 'vitest';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import ja from './ja';
import zh from './zh';

// The 'signer' namespace: complete and translated in every language, every key the Signer's
// source asks for exists (the feature calls its translator `text`, see
// features/signer/components/signer-text.ts), and the values built at run time have their keys.

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = leaves(en as unknown as Tree);

describe.each(Object.entries({ de, es, fr, ja, zh }))('signer namespace, %s', (lng, bundle) => {
  const mine = leaves(bundle as unknown as Tree);

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
    // Templates without words ('{{name}} ({{size}})') and algorithm names read the same.
    expect(same.length, `${lng} copies ${same.join(', ')}`).toBeLessThan(english.size * 0.05);
  });
});

describe('signer namespace, English', () => {
  it("says the product's words where the product has them", () => {
    expect(en.fileProblems.notCap).toBe(fileMessages.notCapFile);
  });

  it('names every status, algorithm, file type and history step the API sends', () => {
    for (const status of SIGNER_STATUSES)
      expect(english.has(`status.${status}`), status).toBe(true);
    for (const algorithm of SIGNING_KEY_ALGORITHMS) {
      expect(english.has(`keys.algorithms.${algorithm}`), algorithm).toBe(true);
    }
    for (const type of ['apk', 'cap']) expect(english.has(`fileTypes.${type}`)).toBe(true);
    for (const step of ['requested', 'approved', 'rejected', 'signed', 'failed', 'input-removed']) {
      expect(english.has(`history.${step}`), step).toBe(true);
    }
  });
});

describe('keys the Signer source asks for', () => {
  const feature = fileURLToPath(new URL('../../features/signer', import.meta.url));
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
    expect(found.length).toBeGreaterThan(80);
  });

  it.each(found.map((f) => [f.key, f.file]))('%s (%s)', (key) => {
    expect(english.has(key), key).toBe(true);
  });
});
