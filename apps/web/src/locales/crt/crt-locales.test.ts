import { CERTIFICATE_STATUSES, REVOCATION_REASONS } from '@tkc/contracts/api/crt';
import { CRT_REQUEST_STATUSES, CRT_TOOLS } from '@tkc/contracts/api/crt-requests';
import { CRT_ERRORS } from '@tkc/contracts/api/errors-crt';
import { describe, expect, it } from 'vitest';
import { describeSourceKeys, describeTranslations, leaves } from '../namespace-checks';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import ja from './ja';
import zh from './zh';

// The 'crt' namespace: complete and translated in every language, every key the Certificate CAP
// pages ask for exists (the feature calls its translator `text`, see
// features/crt/components/crt-text.ts), and the values built at run time have their keys.

const english = leaves(en);

// Placeholders and codes ('T6000001', 'SHA-256') read the same in every language.
describeTranslations('crt', english, { de, es, fr, ja, zh }, 0.05);

describe('crt namespace, English', () => {
  it("says the product's words where the product has them (docs/product.md#tools)", () => {
    expect(en.data.failed).toBe(CRT_ERRORS['crt.data_failed'].msg);
    expect(CRT_ERRORS['crt.models_changed'].msg).toBe(
      'Model info is received, please refresh and try again',
    );
  });

  it('names every status, tool, reason and history step the API sends', () => {
    for (const s of CRT_REQUEST_STATUSES) expect(english.has(`status.${s}`), s).toBe(true);
    for (const s of CERTIFICATE_STATUSES)
      expect(english.has(`certificateStatus.${s}`), s).toBe(true);
    for (const t of CRT_TOOLS) expect(english.has(`tools.${t}`), t).toBe(true);
    for (const r of REVOCATION_REASONS) expect(english.has(`reasons.${r}`), r).toBe(true);
    for (const s of ['list', 'model']) expect(english.has(`selection.${s}`), s).toBe(true);
    for (const step of ['requested', 'approved', 'rejected', 'issued', 'failed']) {
      expect(english.has(`history.${step}`), step).toBe(true);
    }
  });
});

describeSourceKeys(
  'keys the Certificate CAP source asks for',
  new URL('../../features/crt', import.meta.url),
  english,
  100,
);

// The approval pages the Certificate CAP shares with the other workflow ask the same namespace.
describeSourceKeys(
  'keys the shared approval pages ask the crt namespace for',
  new URL('../../components/approval', import.meta.url),
  english,
  40,
);
