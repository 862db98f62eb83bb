import { API_ERRORS } from '@tkc/contracts/api/error-codes';
import { describe, expect, it } from 'vitest';
import accountDe from './account/de';
import accountEn from './account/en';
import accountEs from './account/es';
import accountFr from './account/fr';
import accountJa from './account/ja';
import accountZh from './account/zh';
import apiErrorsDe from './api-errors/de';
import apiErrorsEs from './api-errors/es';
import apiErrorsFr from './api-errors/fr';
import apiErrorsJa from './api-errors/ja';
import apiErrorsZh from './api-errors/zh';
import capMakerDe from './capMaker/de';
import capMakerEn from './capMaker/en';
import capMakerEs from './capMaker/es';
import capMakerFr from './capMaker/fr';
import capMakerJa from './capMaker/ja';
import capMakerZh from './capMaker/zh';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import guideDe from './guide/de';
import guideEn from './guide/en';
import guideEs from './guide/es';
import guideFr from './guide/fr';
import guideJa from './guide/ja';
import guideZh from './guide/zh';
import ja from './ja';
import keyEraseDe from './keyErase/de';
import keyEraseEn from './keyErase/en';
import keyEraseEs from './keyErase/es';
import keyEraseFr from './keyErase/fr';
import keyEraseJa from './keyErase/ja';
import keyEraseZh from './keyErase/zh';
import managementDe from './management/de';
import managementEn from './management/en';
import managementEs from './management/es';
import managementFr from './management/fr';
import managementJa from './management/ja';
import managementZh from './management/zh';
import { leaves, type NamespaceRule, translationProblems } from './namespace-checks';
import shellDe from './shell/de';
import shellEn from './shell/en';
import shellEs from './shell/es';
import shellFr from './shell/fr';
import shellJa from './shell/ja';
import shellZh from './shell/zh';
import signerDe from './signer/de';
import signerEn from './signer/en';
import signerEs from './signer/es';
import signerFr from './signer/fr';
import signerJa from './signer/ja';
import signerZh from './signer/zh';
import termsDe from './terms/de';
import termsEn from './terms/en';
import termsEs from './terms/es';
import termsFr from './terms/fr';
import termsJa from './terms/ja';
import termsZh from './terms/zh';
import zh from './zh';

// Every language against English, one test per language over every namespace, listing every
// problem at once: keys missing or unknown, empty texts, placeholders not kept, and (where the
// namespace is translated text rather than codes and names) too many texts left in English.
// The English of the API's errors is the contracts' catalogue itself (API_ERRORS), not a copy.

/** The catalogue's `{name}` slots as i18next's `{{name}}`. */
const i18nextTemplate = (template: string) => template.replace(/\{(\w+)\}/g, '{{$1}}');

const RULES: Record<string, NamespaceRule> = {
  translation: { english: leaves(en) },
  // The signed-in part of 'translation' (its own file, loaded with the shell).
  shell: { english: leaves(shellEn) },
  terms: { english: leaves(termsEn), isOrdered: true },
  account: { english: leaves(accountEn), copiedShare: 0.05 },
  // Product names ('CAP Maker') and bare templates may read the same in every language.
  guide: { english: leaves(guideEn), copiedShare: 0.05 },
  keyErase: { english: leaves(keyEraseEn) },
  // Codes, abbreviations and bare templates may read the same in every language.
  management: { english: leaves(managementEn), copiedShare: 0.05 },
  // Bare templates ('{{message}}', '{{field}}: {{message}}') may read the same everywhere.
  apiErrors: {
    english: new Map(
      Object.entries(API_ERRORS).map(([code, def]) => [code, i18nextTemplate(def.msg)]),
    ),
    copiedMax: 2,
  },
  // Templates without words ('{{name}} ({{size}})') and algorithm names read the same.
  signer: { english: leaves(signerEn), copiedShare: 0.05 },
  // Names that read the same everywhere (BIN, APK, KCV, SHA-256) and templates without words.
  capMaker: { english: leaves(capMakerEn), copiedShare: 0.08 },
};

const LANGUAGES: Record<string, Record<keyof typeof RULES, unknown>> = {
  de: {
    translation: de,
    shell: shellDe,
    terms: termsDe,
    account: accountDe,
    guide: guideDe,
    keyErase: keyEraseDe,
    management: managementDe,
    apiErrors: apiErrorsDe,
    signer: signerDe,
    capMaker: capMakerDe,
  },
  es: {
    translation: es,
    shell: shellEs,
    terms: termsEs,
    account: accountEs,
    guide: guideEs,
    keyErase: keyEraseEs,
    management: managementEs,
    apiErrors: apiErrorsEs,
    signer: signerEs,
    capMaker: capMakerEs,
  },
  fr: {
    translation: fr,
    shell: shellFr,
    terms: termsFr,
    account: accountFr,
    guide: guideFr,
    keyErase: keyEraseFr,
    management: managementFr,
    apiErrors: apiErrorsFr,
    signer: signerFr,
    capMaker: capMakerFr,
  },
  ja: {
    translation: ja,
    shell: shellJa,
    terms: termsJa,
    account: accountJa,
    guide: guideJa,
    keyErase: keyEraseJa,
    management: managementJa,
    apiErrors: apiErrorsJa,
    signer: signerJa,
    capMaker: capMakerJa,
  },
  zh: {
    translation: zh,
    shell: shellZh,
    terms: termsZh,
    account: accountZh,
    guide: guideZh,
    keyErase: keyEraseZh,
    management: managementZh,
    apiErrors: apiErrorsZh,
    signer: signerZh,
    capMaker: capMakerZh,
  },
};

describe('every language against English', () => {
  it.each(Object.entries(LANGUAGES))(
    '%s: every namespace complete, filled, placeholders kept, translated',
    (lng, bundles) => {
      const problems = Object.entries(RULES).flatMap(([namespace, rule]) =>
        translationProblems(`${lng} ${namespace}`, rule, bundles[namespace]),
      );
      expect(problems).toEqual([]);
    },
  );
});
