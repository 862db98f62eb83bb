import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dashboardCards, menuItems } from '@tkc/contracts/access/navigation';
import {
  NO_ROLE_LABEL,
  ROLE_CODES,
  ROLE_DESCRIPTIONS,
  ROLE_GROUPS,
  ROLE_LABELS,
} from '@tkc/contracts/access/roles';
import {
  actionMessage,
  authMessages,
  httpMessages,
  redirectNotice,
  statusTextOf,
} from '@tkc/contracts/alerts';
import { API_ERRORS } from '@tkc/contracts/api/error-codes';
import {
  importRejection,
  inviteBody,
  MODEL_FAMILIES,
  modelBody,
  snBody,
  USER_STATUSES,
} from '@tkc/contracts/api/management';
import type { FeatureFlags } from '@tkc/contracts/api/system';
import { ERASE_HELP_TOPICS, ERASE_LOG_LABELS, ERASE_STATUS } from '@tkc/contracts/erase-status';
import { genericMessages } from '@tkc/contracts/fields';
import {
  changePasswordForm,
  contactForm,
  forgotPasswordForm,
  otpForm,
  passwordStrength,
  profileForm,
  RESET_PASSWORD_HINT,
  resetPasswordForm,
  signInForm,
  signUpForm,
} from '@tkc/contracts/forms';
import { NO_RESPONSE_MESSAGE } from '@tkc/terminal/erase-log';
import { ALL_ZERO_MESSAGE, DLE_UNPACK_FAILED_MESSAGE } from '@tkc/terminal/frame';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AUDIT_ACTIVITIES } from '../features/management-audit/components/audit-activities';
import { companyForm } from '../features/management-companies/components/company-form-schema';
import { messageKey } from '../lib/messages';
import accountEn from './account/en';
import apiErrorsEn from './api-errors/en';
import en from './en';
import guideEn from './guide/en';
import keyEraseEn from './keyErase/en';
import managementEn from './management/en';
import { leaves } from './namespace-checks';
import shellEn from './shell/en';
import termsEn from './terms/en';

// English, the reference language: the product's texts word for word (docs/product.md), a name for everything the
// contracts list, every message the forms, handlers and server can produce (read from the
// contracts, not copied here) and every key the source asks for. The other languages are checked
// against English in locales.test.ts, one test per language.

describe('English', () => {
  it('keeps the product texts word for word', () => {
    // The signed-in part of 'translation' lives in shell/en.ts, under the same keys.
    const t = { ...en.translation, ...shellEn };
    expect(t.signIn.forgotPassword).toBe('Forgot Password ?');
    expect(t.signIn.sendingOtp).toBe('Sending OTP to your email...');
    expect(t.signIn.logoutOtherDevice).toBe('Logout Other Device');
    expect(t.otp.choose).toBe('Choose how you want to sign in');
    expect(t.otp.tryAnotherWay).toBe('Try Another way');
    expect(t.register.verifying).toBe('Verifying...');
    expect(t.register.agree).toBe('I Agree the terms and conditions');
    expect(t.register.welcome).toBe('Welcome.');
    expect(t.invalid.title).toBe('Not Valid Link');
    expect(t.invalid.body).toBe('The link may have expired or not been typed correctly.');
    expect(t.invalid.redirect.replace('{{n}}', '5')).toBe(
      'Page wil be redirected about 5 second...',
    );
    expect(t.errors.notFound).toBe('Seems there is nothing here');
    expect(t.errors.system).toBe('System Error, Something went wrong! Please try again later.');
    expect(t.session.keepLoggedIn).toBe('Keep Me Logged in');
    expect(t.session.logoutNow).toBe('Logout Now');
    expect(t.session.loginAgain).toBe('Please Login again.');
    expect(t.contact.pleaseWait).toBe('Please wait...');
    expect(t.alert.redirectNotice.replace('{{n}}', '3')).toBe(
      'Page will be redirected about 3 second.',
    );
  });

  it('names every menu entry, dashboard card and role', () => {
    const allFlags = new Proxy({} as FeatureFlags, { get: () => true });
    const everyRole = ROLE_CODES.map((r) => `HQ/${r}`);
    const ids = new Set<string>();
    const walk = (items: ReturnType<typeof menuItems>) => {
      for (const item of items) {
        ids.add(item.id);
        if (item.children) walk(item.children);
      }
    };
    // Every role held in the platform company, which is also the head-office one: every entry.
    const everything = { roles: everyRole, companyCode: 'HQ', platformCode: 'HQ', hqscCode: 'HQ' };
    walk(menuItems(everything, allFlags));
    expect(ids).toContain('cap-kcg');
    for (const id of ids) expect(shellEn.nav, `nav.${id}`).toHaveProperty([id]);
    const { features, manage } = dashboardCards(everything);
    for (const card of [...features, ...manage]) {
      expect(shellEn.dashboard.cards, card.idName).toHaveProperty([card.idName]);
    }
    for (const role of ROLE_CODES) expect(shellEn.roles).toHaveProperty([role]);
  });
});

// --- The message catalogue covers every message the forms and handlers can produce ---

function messagesOf(schema: z.ZodType, samples: unknown[]): string[] {
  const out: string[] = [];
  for (const sample of samples) {
    const result = schema.safeParse(sample);
    if (!result.success) out.push(...result.error.issues.map((i) => i.message));
  }
  return out;
}

const long = (n: number) => 'x'.repeat(n);

describe('message catalogue', () => {
  const produced = [
    ...messagesOf(signInForm, [
      { email: '', password: '' },
      { email: 'ab', password: 'ab' },
      { email: 'abc', password: long(65) },
      { email: `${long(130)}@a.com`, password: 'abc' },
    ]),
    ...messagesOf(forgotPasswordForm, [{ email: '' }, { email: 'abc' }]),
    ...messagesOf(resetPasswordForm, [
      { newPassword: '', confirmPassword: '' },
      { newPassword: 'ab', confirmPassword: 'x' },
      { newPassword: long(51), confirmPassword: long(52) },
    ]),
    ...messagesOf(signUpForm, [
      {},
      {
        first_name: '',
        last_name: '',
        email: '',
        password: '',
        confirm_password: '',
        telephone: '',
        company: '',
        timeZone: '',
        address: long(256),
        terms: false,
      },
      {
        first_name: long(51),
        last_name: long(51),
        email: 'a@b',
        password: 'Ab1',
        confirm_password: 'x',
        telephone: long(18),
        company: long(129),
        timeZone: 'Mars/Base',
        terms: true,
      },
      { password: 'abcdefgh', confirm_password: long(65) },
      { password: `A1${long(63)}` },
    ]),
    ...messagesOf(otpForm, [
      { mode: '', otp: '' },
      { mode: 'email', otp: '12' },
    ]),
    ...messagesOf(contactForm, [
      { subject: '', content: '' },
      { subject: 'abc', content: 'abc' },
      { subject: long(101), content: long(501) },
    ]),
    ...messagesOf(profileForm, [{ first_name: '', last_name: '', telephone: '', timezone: '' }]),
    ...messagesOf(changePasswordForm, [
      { old_password: '', new_password: 'Abcdefg1', confirm_password: 'Abcdefg2' },
    ]),
    ...Object.values(authMessages),
    ...Object.values(httpMessages),
    ...[400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504].map((s) =>
      statusTextOf(s),
    ),
    ...passwordStrength('').checks.map((c) => c.label),
    RESET_PASSWORD_HINT,
    genericMessages.requiredField,
    genericMessages.fieldNotValid,
    genericMessages.termsRequired,
    genericMessages.loginIncorrect,
    redirectNotice(3),
    actionMessage('{{action}}', { kind: 'success' }).text,
    'Contact Us',
    'Keep Me Logged in',
  ];

  it('has every message the forms, handlers and the server (through the contracts) produce', () => {
    const keys = new Set(Object.keys(en.msg));
    const missing = [...new Set(produced)].filter((message) => !keys.has(messageKey(message).key));
    expect(missing).toEqual([]);
  });

  it('uses English text as the English value of each key', () => {
    for (const [key, value] of Object.entries(en.msg)) expect(value).toBe(key);
  });
});

// --- Every literal key the source passes to t() exists in English ---

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('source keys', () => {
  const translation = leaves({ ...en.translation, ...shellEn });
  const terms = leaves(termsEn);
  const keyErase = leaves(keyEraseEn);
  const management = leaves(managementEn);
  const found: { file: string; key: string }[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const isTerms = text.includes("useTranslation('terms')");
    const isKeyErase = text.includes("useTranslation('keyErase')");
    const isManagement = text.includes("useTranslation('management')");
    // 'account' and 'guide' files name their namespace once; a key may also name its own ('ns:key').
    const ownNs = text.includes("useTranslation('account')")
      ? 'account:'
      : text.includes("useTranslation('guide')")
        ? 'guide:'
        : '';
    for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g))
      found.push({
        file,
        key: /^(translation|account|guide):/.test(m[1]!)
          ? m[1]!
          : `${isTerms ? 'terms:' : isKeyErase ? 'keyErase:' : isManagement ? 'management:' : ownNs}${m[1]}`,
      });
    for (const m of text.matchAll(
      /(?:title|description|featureKey): '([a-zA-Z-]+\.[a-zA-Z.-]+)'/g,
    )) {
      found.push({ file, key: m[1]! });
    }
  }

  const namespaces: Record<string, Map<string, string>> = {
    terms,
    keyErase,
    management,
    account: leaves(accountEn),
    guide: leaves(guideEn),
    translation,
  };
  /** Whether English has the key, read as `namespace:key` or as a key of the main namespace. */
  const hasKey = (key: string) => {
    const [, ns, rest] = key.match(/^(\w+):(.+)$/) ?? [];
    return ns && namespaces[ns] ? namespaces[ns].has(rest!) : translation.has(key);
  };

  it('finds the keys, and English has each of them', () => {
    expect(found.length).toBeGreaterThan(100);
    const missing = found
      .filter((f) => !hasKey(f.key))
      .map((f) => `${f.key} (${f.file.slice(srcDir.length)})`);
    expect(missing).toEqual([]);
  });
});

// --- The 'keyErase' namespace: complete in every language, and covering the contracts' texts ---

describe('keyErase namespace, English', () => {
  it('names every erase status of the table, word for word', () => {
    expect(Object.keys(keyEraseEn.status)).toHaveLength(ERASE_STATUS.length);
    ERASE_STATUS.forEach((message, index) => {
      expect(keyEraseEn.status[String(index) as keyof typeof keyEraseEn.status]).toBe(message);
    });
  });

  it('names every log line, terminal message and help question (docs/erase-status.md)', () => {
    expect(keyEraseEn.logLabels).toEqual(ERASE_LOG_LABELS);
    expect(Object.values(keyEraseEn.terminalMessages).sort()).toEqual(
      [ALL_ZERO_MESSAGE, DLE_UNPACK_FAILED_MESSAGE, NO_RESPONSE_MESSAGE].sort(),
    );
    for (const [topic, title] of Object.entries(ERASE_HELP_TOPICS)) {
      expect(keyEraseEn.help.topics[topic as keyof typeof ERASE_HELP_TOPICS].title).toBe(title);
    }
    expect(keyEraseEn.process.initialStatus).toBe('Authorize');
  });
});

// --- The 'management' namespace: complete and translated in every language, covering the roles,
// statuses and reasons of the contracts; the management forms' rules are in the message catalogue ---

describe('management namespace, English', () => {
  const m = managementEn;

  it('names every role, group, status, reason, family and activity of the contracts', () => {
    for (const role of ROLE_CODES) {
      expect(m.roleLabels[role], role).toBe(ROLE_LABELS[role]);
    }
    expect(m.roleLabels.none).toBe(NO_ROLE_LABEL);
    for (const [role, text] of Object.entries(ROLE_DESCRIPTIONS)) {
      expect(m.roleDescriptions[role as keyof typeof m.roleDescriptions], role).toBe(text);
    }
    for (const group of Object.keys(ROLE_GROUPS)) {
      expect(m.roleGroups, group).toHaveProperty([group]);
      expect(m.roleGroupsShort, group).toHaveProperty([group]);
    }
    for (const status of USER_STATUSES) expect(m.status, status).toHaveProperty([status]);
    for (const reason of importRejection.shape.reason.options) {
      expect(m.sn.reasons, reason).toHaveProperty([reason]);
    }
    for (const family of MODEL_FAMILIES) expect(m.models.family, family).toHaveProperty([family]);
    for (const activity of AUDIT_ACTIVITIES) {
      expect(m.audit.activities, activity).toHaveProperty([activity]);
    }
  });

  const produced = [
    ...messagesOf(companyForm, [
      { code: '', name: '', contact_email: '', tier_ends_at: '' },
      {
        code: 'acme corp',
        name: long(129),
        contact_email: 'x',
        licences: { cap: -1 },
        tier_ends_at: '',
      },
      { code: 'A', name: 'A', contact_email: 'abcd', tier_ends_at: '' },
      {
        code: long(33).toUpperCase(),
        name: 'A',
        licences: { cap: 100_001 },
        contact_email: '',
        tier_ends_at: '1.1.25',
      },
    ]),
    ...messagesOf(snBody, [{}, { sn: 'a-1' }]),
    ...messagesOf(modelBody, [
      { name: '', family: 'middle', prefixes: ['A B'] },
      { name: long(65), family: 'older', description: long(256) },
    ]),
    ...messagesOf(inviteBody, [{}, { email: 'x', company_id: 'nope', roles: ['root'] }]),
  ];

  it('the message catalogue has every rule of the management forms', () => {
    const keys = new Set(Object.keys(en.msg));
    const missing = [...new Set(produced)].filter((message) => !keys.has(messageKey(message).key));
    expect(missing).toEqual([]);
  });
});

// --- The 'apiErrors' namespace: a text for every code of the API's error catalogue ---

/** The catalogue's `{name}` slots as i18next's `{{name}}`. */
const i18nextTemplate = (template: string) => template.replace(/\{(\w+)\}/g, '{{$1}}');

describe('apiErrors namespace', () => {
  it('is the catalogue in English: every code, its template word for word', () => {
    const catalogue = Object.fromEntries(
      Object.entries(API_ERRORS).map(([code, def]) => [code, i18nextTemplate(def.msg)]),
    );
    expect(apiErrorsEn).toEqual(catalogue);
  });
});
