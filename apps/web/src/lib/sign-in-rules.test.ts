import { signInForm } from '@tkc/contracts/forms';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateValues } from './form-state';
import { emailError, signInPasswordError, validateSignIn } from './sign-in-rules';

// The plain sign-in rules must say exactly what the contract's zod schema says: same verdict, same
// first message per field, on every input.

const zodVerdict = (values: { email: string; password: string }) =>
  validateValues(signInForm, values);

/** Text that hits the rules' edges: e-mail shapes, lengths around 3, 64 and 128, padding. */
const local = fc.stringMatching(/^[A-Za-z0-9_'+.-]{0,12}$/);
const label = fc.stringMatching(/^[A-Za-z0-9-]{0,8}$/);
const emailLike = fc
  .tuple(
    fc.constantFrom('', ' ', '  ', '\t'),
    local,
    fc.constantFrom('@', '@@', '', '.@'),
    fc.array(label, { minLength: 0, maxLength: 4 }),
    fc.constantFrom('', 'c', 'com', 'de', 'x1', 'COM'),
    fc.constantFrom('', ' ', '\n'),
  )
  .map(([lead, l, at, labels, tld, trail]) => `${lead}${l}${at}${labels.join('.')}.${tld}${trail}`);
const anyEmail = fc.oneof(
  emailLike,
  fc.string({ maxLength: 140 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.integer({ min: 0, max: 160 }).map((n) => `${'a'.repeat(n)}@example.com`),
  fc.integer({ min: 0, max: 6 }).map((n) => ' '.repeat(n) + 'a'.repeat(n)),
);
const anyPassword = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 70 }),
  fc.string({ maxLength: 80 }),
  fc.integer({ min: 0, max: 70 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '  ', 'ab', 'abc', ' a '),
);

describe('sign-in rules agree with the contract schema', () => {
  it('on the edges', () => {
    const cases = [
      ['', ''],
      ['  ', 'ab'],
      ['a', 'abc'],
      ['ab', 'x'.repeat(64)],
      ['abc', 'x'.repeat(65)],
      ['a@b.co', '   '],
      [' owner@example.com ', 'Secret1'],
      ['.a@b.co', 'pw1'],
      ['a..b@c.de', 'pw1'],
      ['a.@b.co', 'pw1'],
      ['a@b.c', 'pw1'],
      ['a@-b.co', 'pw1'],
      [`${'a'.repeat(116)}@example.com`, 'pw1'],
      [`${'a'.repeat(117)}@example.com`, 'pw1'],
      ['\u{10000}!', '\u{10000}\u{10000}'],
      ['\ud800ab', '\udc00\ud800x'],
    ];
    for (const [email, password] of cases) {
      const values = { email: email!, password: password! };
      expect(validateSignIn(values), JSON.stringify(values)).toEqual(zodVerdict(values));
    }
  });

  it('on many generated inputs', () => {
    fc.assert(
      fc.property(anyEmail, anyPassword, (email, password) => {
        expect(validateSignIn({ email, password })).toEqual(zodVerdict({ email, password }));
      }),
      { numRuns: 5000 },
    );
  });

  it('each rule says its message (not only the verdict)', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('ab')).toBe('Minimum 3 symbols');
    expect(emailError(`${'a'.repeat(120)}@example.com`)).toBe('Maximum 128 symbols');
    expect(emailError('abc')).toBe('Wrong email format');
    expect(emailError(' owner@example.com ')).toBeUndefined();
    expect(signInPasswordError('')).toBe('Password is required');
    expect(signInPasswordError('ab')).toBe('Minimum 3 symbols');
    expect(signInPasswordError('x'.repeat(65))).toBe('Maximum 64 symbols');
    expect(signInPasswordError('abc')).toBeUndefined();
  });
});
