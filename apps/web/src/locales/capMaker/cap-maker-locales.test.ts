import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolingMessages } from '@tkc/contracts/alerts';
import { CAP_STATUSES, KEY_SOURCES, keySetInfo } from '@tkc/contracts/api/cap';
import { genericMessages } from '@tkc/contracts/forms';
import { describe, expect, it } from 'vitest';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import ja from './ja';
import zh from './zh';

// The 'capMaker' namespace: complete and translated in every language, every key the CAP Maker
// source asks for exists (the feature calls its translator `text`, see
// features/cap-maker/components/cap-maker-text.ts), and the values built at run time have keys.

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

describe.each(Object.entries({ de, es, fr, ja, zh }))('capMaker namespace, %s', (lng, bundle) => {
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
    // Names that read the same everywhere (BIN, APK, KCV, SHA-256) and templates without words.
    expect(same.length, `${lng} copies ${same.join(', ')}`).toBeLessThan(english.size * 0.08);
  });
});

describe('capMaker namespace, English', () => {
  it("says the product's words where the product has them", () => {
    expect(en.folder.retry).toBe(toolingMessages.retryOpening);
    expect(en.folder.aborted).toBe(toolingMessages.aborted);
    const fill = (template: string, values: Record<string, string | number>) =>
      template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
    expect(fill(en.rules.required, { label: en.fields.title })).toBe(
      genericMessages.required('Title'),
    );
    expect(fill(en.rules.min, { n: 4 })).toBe(genericMessages.minLength(4));
    expect(fill(en.rules.max, { n: 64 })).toBe(genericMessages.maxLength(64));
  });

  it('names every status, key source, key set kind and key set status the API sends', () => {
    for (const status of CAP_STATUSES) expect(english.has(`status.${status}`), status).toBe(true);
    for (const source of KEY_SOURCES) {
      expect(english.has(`keySources.${source}`), source).toBe(true);
      expect(english.has(`hints.keySource.${source}`), source).toBe(true);
    }
    for (const kind of keySetInfo.shape.kind.options) {
      expect(english.has(`keySets.kinds.${kind}`), kind).toBe(true);
    }
    for (const status of keySetInfo.shape.status.options) {
      expect(english.has(`keySets.statuses.${status}`), status).toBe(true);
    }
  });

  it('labels every field a rule can name', () => {
    const fields = ['model_id', 'app_name', 'key_name', 'signing_public_key', 'title', 'version'];
    for (const field of [...fields, 'company', 'company_cap', 'comment', 'description']) {
      expect(english.has(`fields.${field}`), field).toBe(true);
    }
    expect(english.has('fields.product') && english.has('fields.company_code')).toBe(true);
  });
});

describe('keys the CAP Maker source asks for', () => {
  const feature = fileURLToPath(new URL('../../features/cap-maker', import.meta.url));
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
