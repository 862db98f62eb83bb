import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authMessages, httpMessages, statusTextOf } from '@tkc/contracts/alerts';
import type { FeatureFlags } from '@tkc/contracts/api/system';
import {
  changePasswordForm,
  contactForm,
  forgotPasswordForm,
  genericMessages,
  otpForm,
  passwordStrength,
  profileForm,
  RESET_PASSWORD_HINT,
  resetPasswordForm,
  signInForm,
  signUpForm,
} from '@tkc/contracts/forms';
import { dashboardCards, menuItems, ROLE_CODES } from '@tkc/contracts/roles';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messageKey } from '../lib/messages';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import ja from './ja';
import termsDe from './terms/de';
import termsEn from './terms/en';
import termsEs from './terms/es';
import termsFr from './terms/fr';
import termsJa from './terms/ja';
import termsZh from './terms/zh';
import zh from './zh';

// Every language must be complete: the same keys as English, no empty text, the same placeholders.

type Tree = { [key: string]: string | Tree | Tree[] };

function leaves(tree: unknown, prefix = ''): Map<string, string> {
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

const bundles = { de, es, fr, ja, zh };
const termBundles = { de: termsDe, es: termsEs, fr: termsFr, ja: termsJa, zh: termsZh };

describe.each(Object.entries(bundles))('language %s', (lng, bundle) => {
  const reference = leaves(en);
  const mine = leaves(bundle);

  it('has every English key and no other', () => {
    const missing = [...reference.keys()].filter((k) => !mine.has(k));
    const extra = [...mine.keys()].filter((k) => !reference.has(k));
    expect(missing, `${lng} is missing keys`).toEqual([]);
    expect(extra, `${lng} has unknown keys`).toEqual([]);
  });

  it('has no empty text and keeps every placeholder', () => {
    for (const [key, text] of mine) {
      expect(text.trim(), `${lng}:${key} is empty`).not.toBe('');
      expect(placeholders(text), `${lng}:${key} placeholders`).toEqual(
        placeholders(reference.get(key) ?? ''),
      );
    }
  });

  it('has the complete terms, section for section', () => {
    const terms = termBundles[lng as keyof typeof termBundles];
    expect([...leaves(terms).keys()]).toEqual([...leaves(termsEn).keys()]);
    for (const [key, text] of leaves(terms)) {
      expect(text.trim(), `${lng} terms ${key}`).not.toBe('');
      expect(placeholders(text)).toEqual(placeholders(leaves(termsEn).get(key) ?? ''));
    }
  });
});

describe('English', () => {
  it('keeps the spec texts word for word', () => {
    const t = en.translation;
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
    walk(menuItems(everyRole, 'HQSC', allFlags));
    for (const id of ids) expect(en.translation.nav, `nav.${id}`).toHaveProperty([id]);
    const { features, manage } = dashboardCards(everyRole);
    for (const card of [...features, ...manage]) {
      expect(en.translation.dashboard.cards, card.idName).toHaveProperty([card.idName]);
    }
    for (const role of ROLE_CODES) expect(en.translation.roles).toHaveProperty([role]);
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
    'Page will be redirected about 3 second.',
    '{{action}} Success!',
    'Contact Us',
    'Keep Me Logged in',
  ];

  it.each([...new Set(produced)])('has "%s"', (message) => {
    expect(Object.keys(en.msg)).toContain(messageKey(message).key);
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
  const translation = leaves(en.translation);
  const terms = leaves(termsEn);
  const found: { file: string; key: string }[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const isTerms = text.includes("useTranslation('terms')");
    for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g))
      found.push({ file, key: `${isTerms ? 'terms:' : ''}${m[1]}` });
    for (const m of text.matchAll(
      /(?:title|description|featureKey): '([a-zA-Z-]+\.[a-zA-Z.-]+)'/g,
    )) {
      found.push({ file, key: m[1]! });
    }
    for (const m of text.matchAll(/notBuilt\([^,]+, '([^']+)'(?:, '([^']+)')?\)/g)) {
      found.push({ file, key: m[1]! });
      if (m[2]) found.push({ file, key: m[2] });
    }
  }

  it('finds the keys it checks', () => {
    expect(found.length).toBeGreaterThan(100);
  });

  it.each(found.map((f) => [f.key, f.file.slice(srcDir.length)]))('%s (%s)', (key) => {
    if (key.startsWith('terms:')) expect(terms.has(key.slice(6))).toBe(true);
    else expect(translation.has(key), key).toBe(true);
  });
});
