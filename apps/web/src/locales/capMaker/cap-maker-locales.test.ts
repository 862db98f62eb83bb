import { toolingMessages } from '@tkc/contracts/alerts';
import { CAP_STATUSES, KEY_SOURCES, keySetInfo } from '@tkc/contracts/api/cap';
import { genericMessages } from '@tkc/contracts/fields';
import { describe, expect, it } from 'vitest';
import { describeSourceKeys, leaves } from '../namespace-checks';
import en from './en';

// The 'capMaker' namespace: every key the CAP Maker
// source asks for exists (the feature calls its translator `text`, see
// features/cap-maker/components/cap-maker-text.ts), and the values built at run time have keys.

const english = leaves(en);

// Each language against English: locales.test.ts (one test per language, every namespace).

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

describeSourceKeys(
  'keys the CAP Maker source asks for',
  new URL('../../features/cap-maker', import.meta.url),
  english,
  80,
);
