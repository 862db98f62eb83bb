import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { genericMessages } from './fields';
import {
  boundedText,
  changePasswordForm,
  contactForm,
  fileMessages,
  forgotPasswordForm,
  otpForm,
  passwordStrength,
  profileForm,
  RESET_PASSWORD_HINT,
  resetPasswordForm,
  signInForm,
  signUpForm,
  textBounds,
} from './forms';

/** First error message per field, as the forms show them; {} when valid. */
/** First message per field path ('a.b'; '' for the form itself), the way forms show errors. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error);
};

const validSignUp = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'Secret123',
  confirm_password: 'Secret123',
  telephone: '+886 2 1234 5678',
  company: 'ACME',
  timeZone: 'Asia/Taipei',
  address: '',
  terms: true,
};

describe('signUpForm', () => {
  it('accepts a complete form, address optional', () => {
    expect(errorsOf(signUpForm, validSignUp)).toEqual({});
    const { address: _omit, ...noAddress } = validSignUp;
    expect(signUpForm.safeParse(noAddress).success).toBe(true);
  });

  it('shows the required message first for every empty field', () => {
    const empty = {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirm_password: '',
      telephone: '',
      company: '',
      timeZone: '',
      terms: false,
    };
    expect(errorsOf(signUpForm, empty)).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirm_password: 'Password confirmation is required',
      telephone: 'Telephone is required',
      company: 'Company is required',
      timeZone: 'Time zone is required',
      terms: 'Accepting terms & conditions are required',
    });
  });

  it('treats whitespace-only names as empty', () => {
    expect(errorsOf(signUpForm, { ...validSignUp, first_name: '   ' }).first_name).toBe(
      'First name is required',
    );
  });

  it('limits names to 50 and company to 128 characters', () => {
    expect(errorsOf(signUpForm, { ...validSignUp, first_name: 'a'.repeat(50) })).toEqual({});
    expect(errorsOf(signUpForm, { ...validSignUp, first_name: 'a'.repeat(51) }).first_name).toBe(
      'Maximum 50 symbols',
    );
    expect(errorsOf(signUpForm, { ...validSignUp, company: 'c'.repeat(129) }).company).toBe(
      'Maximum 128 symbols',
    );
    expect(errorsOf(signUpForm, { ...validSignUp, telephone: '1'.repeat(18) }).telephone).toBe(
      'Maximum 17 symbols',
    );
  });

  it('enforces the password rules with the product messages', () => {
    const pw = (password: string) =>
      errorsOf(signUpForm, { ...validSignUp, password, confirm_password: password }).password;
    expect(pw('Abcdef1')).toBe('Minimum 8 symbols');
    expect(pw('abcdefg1')).toBe('At least 1 uppercase, and 1 number password is required.');
    expect(pw('Abcdefgh')).toBe('At least 1 uppercase, and 1 number password is required.');
    expect(pw('Abcdefg1')).toBeUndefined();
    expect(pw(`A1${'a'.repeat(63)}`)).toBe('Maximum 64 symbols');
  });

  it('reports a mismatched confirmation on confirm_password, even when other fields fail', () => {
    expect(
      errorsOf(signUpForm, { ...validSignUp, email: 'nope', confirm_password: 'Secret124' }),
    ).toEqual({ email: 'Wrong email format', confirm_password: 'Passwords must match' });
  });

  it('requires the terms to be accepted', () => {
    expect(errorsOf(signUpForm, { ...validSignUp, terms: false })).toEqual({
      terms: 'Accepting terms & conditions are required',
    });
  });

  it('rejects an unknown time zone', () => {
    expect(errorsOf(signUpForm, { ...validSignUp, timeZone: 'Mars/Olympus' }).timeZone).toBe(
      'Time zone is not valid',
    );
  });
});

describe('signInForm and forgotPasswordForm', () => {
  it('checks e-mail format and password length 3-64', () => {
    expect(errorsOf(signInForm, { email: 'a@b.co', password: 'abc' })).toEqual({});
    expect(errorsOf(signInForm, { email: 'x', password: 'ab' })).toEqual({
      email: 'Minimum 3 symbols',
      password: 'Minimum 3 symbols',
    });
    expect(errorsOf(signInForm, { email: 'a@b.co', password: '' })).toEqual({
      password: 'Password is required',
    });
    expect(errorsOf(signInForm, { email: 'a@b.co', password: 'p'.repeat(65) })).toEqual({
      password: 'Maximum 64 symbols',
    });
  });

  it('forgot password needs a valid e-mail', () => {
    expect(errorsOf(forgotPasswordForm, {})).toEqual({ email: 'Email is required' });
    expect(errorsOf(forgotPasswordForm, { email: 'not-an-email' })).toEqual({
      email: 'Wrong email format',
    });
  });
});

describe('resetPasswordForm', () => {
  it('follows the 3-50 rule, not the 8-character hint', () => {
    expect(RESET_PASSWORD_HINT).toBe('Password must be at least 8 character and contain symbols');
    expect(errorsOf(resetPasswordForm, { newPassword: 'abc', confirmPassword: 'abc' })).toEqual({});
    expect(errorsOf(resetPasswordForm, { newPassword: 'ab', confirmPassword: 'ab' })).toEqual({
      newPassword: 'Minimum 3 symbols',
    });
    const long = 'x'.repeat(51);
    expect(errorsOf(resetPasswordForm, { newPassword: long, confirmPassword: long })).toEqual({
      newPassword: 'Maximum 50 symbols',
      confirmPassword: 'Maximum 50 symbols',
    });
  });

  it('needs a matching confirmation', () => {
    expect(errorsOf(resetPasswordForm, { newPassword: 'abcd', confirmPassword: 'abce' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
    expect(errorsOf(resetPasswordForm, { newPassword: 'abcd', confirmPassword: '' })).toEqual({
      confirmPassword: 'Password confirmation is required',
    });
  });
});

describe('otpForm', () => {
  it('needs a mode and six digits', () => {
    expect(errorsOf(otpForm, { mode: 'email', otp: '012345' })).toEqual({});
    expect(errorsOf(otpForm, { otp: '' })).toEqual({
      mode: 'Mode is required',
      otp: 'OTP is Required, please check your email',
    });
    expect(errorsOf(otpForm, { mode: 'totp', otp: '12a456' }).otp).toBe('OTP must be 6 digits');
    expect(errorsOf(otpForm, { mode: 'totp', otp: '12345' }).otp).toBe('OTP must be 6 digits');
  });
});

describe('contactForm', () => {
  it('keeps the product wording, including the 150 message at max 100', () => {
    expect(errorsOf(contactForm, { subject: '', content: '' })).toEqual({
      subject: 'Subject is required',
      content: 'Content is required',
    });
    expect(errorsOf(contactForm, { subject: 'abc', content: 'abcd' })).toEqual({
      subject: 'Minimum 4 symbols',
    });
    expect(errorsOf(contactForm, { subject: 's'.repeat(101), content: 'c'.repeat(501) })).toEqual({
      subject: 'Maximum 150 symbols',
      content: 'Maximum 500 symbols',
    });
  });
});

describe('profileForm and changePasswordForm', () => {
  it('validates the account settings fields', () => {
    const ok = {
      first_name: 'Ada',
      last_name: 'L',
      telephone: '123',
      timezone: 'UTC',
      address: 'Somewhere',
    };
    expect(errorsOf(profileForm, ok)).toEqual({});
    expect(errorsOf(profileForm, { ...ok, last_name: '', timezone: '' })).toEqual({
      last_name: 'Last name is required',
      timezone: 'Time zone is required',
    });
    expect(errorsOf(profileForm, { ...ok, address: 'a'.repeat(256) })).toEqual({
      address: 'Maximum 255 symbols',
    });
  });

  it('applies the sign-up password rules to the new password', () => {
    const base = { old_password: 'old', new_password: 'Newpass12', confirm_password: 'Newpass12' };
    expect(errorsOf(changePasswordForm, base)).toEqual({});
    expect(
      errorsOf(changePasswordForm, { ...base, new_password: 'newpass12', confirm_password: 'x' }),
    ).toEqual({
      new_password: 'At least 1 uppercase, and 1 number password is required.',
      confirm_password: "Password and Confirm Password didn't match",
    });
    expect(errorsOf(changePasswordForm, { ...base, old_password: '' })).toEqual({
      old_password: 'Old password is required',
    });
  });
});

describe('textBounds and boundedText', () => {
  it('holds the bounds table of docs/product.md#limits', () => {
    expect(textBounds.cap3Version).toEqual([4, 4]);
    expect(textBounds.cap4Version).toEqual([4, 99]);
    expect(textBounds.appNameOlder).toEqual([1, 20]);
    expect(textBounds.appNameNewer).toEqual([1, 64]);
    expect(textBounds.otp).toEqual([5, 5]);
    expect(Object.keys(textBounds)).toHaveLength(16);
  });

  it('produces the generic messages', () => {
    const keyName = boundedText('keyName', 'Key name');
    expect(keyName.safeParse('').error?.issues.map((i) => i.message)).toEqual([
      'Key name is required',
    ]);
    expect(keyName.safeParse('abc').error?.issues[0]?.message).toBe('Minimum field length: 4');
    expect(keyName.safeParse('k'.repeat(65)).error?.issues[0]?.message).toBe(
      'Maximum field length: 64',
    );
    expect(keyName.parse('  abcd  ')).toBe('abcd');
  });

  it('lets a field with minimum 0 be empty, and pins exact-length fields', () => {
    expect(boundedText('title', 'Title').parse('')).toBe('');
    expect(boundedText('title', 'Title').safeParse('t'.repeat(256)).success).toBe(false);
    const cap3 = boundedText('cap3Version', 'Version');
    expect(cap3.safeParse('1.0').error?.issues[0]?.message).toBe('Minimum field length: 4');
    expect(cap3.safeParse('1.0.0').error?.issues[0]?.message).toBe('Maximum field length: 4');
    expect(cap3.parse('1.00')).toBe('1.00');
  });

  it('does not repeat a minimum message for a 1-character minimum', () => {
    expect(boundedText('comment', 'Comment').safeParse(' ').error?.issues).toHaveLength(1);
  });
});

describe('passwordStrength', () => {
  it('scores each of the five checks', () => {
    expect(passwordStrength('').score).toBe(0);
    expect(passwordStrength('abc').score).toBe(20);
    expect(passwordStrength('Abc1').score).toBe(60);
    expect(passwordStrength('Abcdefg1').score).toBe(80);
    expect(passwordStrength('Abcdef1!').score).toBe(100);
  });

  it('names which check passed', () => {
    const { checks } = passwordStrength('ABCDEFGH');
    expect(checks.map((c) => [c.id, c.isPassed])).toEqual([
      ['length', true],
      ['lowercase', false],
      ['uppercase', true],
      ['digit', false],
      ['special', false],
    ]);
  });

  it('counts a space or punctuation as special, and non-ASCII letters as letters', () => {
    const special = (pw: string) => passwordStrength(pw).checks.find((c) => c.id === 'special');
    expect(special('a b')?.isPassed).toBe(true);
    expect(special('a_b')?.isPassed).toBe(true);
    expect(special('éÉ')?.isPassed).toBe(false);
  });
});

describe('messages', () => {
  it('fills the generic and file message placeholders', () => {
    expect(genericMessages.required('Title')).toBe('Title is required');
    expect(genericMessages.notValid('Email')).toBe('Email is not valid');
    expect(genericMessages.notFound('user')).toBe('The requested user is not found');
    expect(fileMessages.folderShouldOnlyInclude('.so')).toBe(
      'This folder should only include: .so files',
    );
    expect(fileMessages.extensionNotFound('.apk')).toBe("Can't find file with .apk extension.");
    expect(fileMessages.capNotSupported(3)).toBe('CAP3 is not supported.');
  });
});
