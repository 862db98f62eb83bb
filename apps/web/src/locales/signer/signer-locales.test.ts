import { SIGNER_STATUSES, SIGNING_KEY_ALGORITHMS } from '@tkc/contracts/api/signer';
import { fileMessages } from '@tkc/contracts/forms';
import { describe, expect, it } from 'vitest';
import { describeSourceKeys, leaves } from '../namespace-checks';
import en from './en';

// The 'signer' namespace: every key the Signer's
// source asks for exists (the feature calls its translator `text`, see
// features/signer/components/signer-text.ts), and the values built at run time have their keys.

const english = leaves(en);

// Each language against English: locales.test.ts (one test per language, every namespace).

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

describeSourceKeys(
  'keys the Signer source asks for',
  new URL('../../features/signer', import.meta.url),
  english,
  80,
);

// The approval pages the Signer shares with the other workflow ask the same namespace.
describeSourceKeys(
  'keys the shared approval pages ask the signer namespace for',
  new URL('../../components/approval', import.meta.url),
  english,
  40,
);
