import { z } from 'zod';
import { addressField, telephoneField } from './api/auth';
import { contactBody } from './api/system';
import { PASSWORD_METER_MIN_LENGTH } from './constants';
import { emailField, genericMessages, otpCodeField, timeZoneField } from './fields';

// Form schemas with their exact messages (docs/product.md#validation). The SPA checks with these;
// passwords leave the browser hashed, so the server never sees the plain-text rules.

/** File-selection and other file messages (docs/product.md#file-messages). */
export const fileMessages = {
  noSource: 'No source has been selected.',
  formatNotRecognized: 'File format is not recognized.',
  notApk: 'Not a APK file. Please select a file with the correct format again',
  invalidFile: 'Invalid File. Please select the correct file.',
  nestedFolder: 'Please avoid nested folder.',
  folderShouldOnlyInclude: (kinds: string) => `This folder should only include: ${kinds} files`,
  extensionNotFound: (extension: string) => `Can't find file with ${extension} extension.`,
  includeSelectedApp: 'Please include the selected application file.',
  unsupportedAccessControl: 'Unsupported Access Control type.',
  capNotSupported: (n: number | string) => `CAP${n} is not supported.`,
  signBlockNotFound: 'Sign block not found.',
  notCapFile: "It's not CAP file, please select the valid CAP file.",
  infoNotFound: 'Information not found: version, package',
} as const;

const PASSWORDS_MUST_MATCH = 'Passwords must match';
/** The second wording of the mismatch (docs/product.md#validation), in the change-password form. */
const PASSWORDS_DID_NOT_MATCH = "Password and Confirm Password didn't match";
const PASSWORD_RULE_MESSAGE = 'At least 1 uppercase, and 1 number password is required.';
/**
 * Hint shown on Reset Password. It disagrees with the rule (resetPasswordForm accepts 3 characters);
 * the product has both, so both are kept (docs/product.md#validation).
 */
export const RESET_PASSWORD_HINT = 'Password must be at least 8 character and contain symbols';

const symbols = (n: number) => ({ min: `Minimum ${n} symbols`, max: `Maximum ${n} symbols` });

/** A required text: the required message wins over every later rule for an empty value. */
const requiredText = (requiredMessage: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, symbols(max).max);

const firstNameField = requiredText('First name is required', 50);
const lastNameField = requiredText('Last name is required', 50);

/** Sign-up password rules: 8-64, at least one uppercase letter and one digit. */
const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(8, symbols(8).min)
  .max(64, symbols(64).max)
  .refine((pw) => /\p{Lu}/u.test(pw) && /\d/.test(pw), PASSWORD_RULE_MESSAGE);

const confirmField = (max: number) =>
  z
    .string({ error: 'Password confirmation is required' })
    .min(1, { error: 'Password confirmation is required', abort: true })
    .max(max, symbols(max).max);

/**
 * Cross-field equality check reported on `confirm`. It runs even when other fields fail, so the
 * mismatch shows at once, but not while `confirm` is still empty (that shows "required").
 */
const matchCheck = <K extends string>(password: K, confirm: K, message: string) => ({
  message,
  path: [confirm],
  when: (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown> | undefined;
    return (
      typeof v?.[password] === 'string' && typeof v?.[confirm] === 'string' && v[confirm] !== ''
    );
  },
});

export const signUpForm = z
  .object({
    first_name: firstNameField,
    last_name: lastNameField,
    email: emailField,
    password: newPasswordField,
    confirm_password: confirmField(64),
    telephone: telephoneField,
    company: requiredText('Company is required', 128),
    timeZone: timeZoneField,
    address: addressField.optional(),
    terms: z.literal(true, { error: genericMessages.termsRequired }),
  })
  .refine(
    (v) => v.password === v.confirm_password,
    matchCheck('password', 'confirm_password', PASSWORDS_MUST_MATCH),
  );

export const signInForm = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .min(3, symbols(3).min)
    .max(64, symbols(64).max),
});

export const forgotPasswordForm = z.object({ email: emailField });

/** 3-50 characters although RESET_PASSWORD_HINT says 8 with symbols (docs/product.md#validation). */
export const resetPasswordForm = z
  .object({
    newPassword: z
      .string({ error: 'Password is required' })
      .min(1, { error: 'Password is required', abort: true })
      .min(3, symbols(3).min)
      .max(50, symbols(50).max),
    confirmPassword: confirmField(50),
  })
  .refine(
    (v) => v.newPassword === v.confirmPassword,
    matchCheck('newPassword', 'confirmPassword', PASSWORDS_MUST_MATCH),
  );

export const otpForm = z.object({
  mode: z.enum(['totp', 'email'], { error: 'Mode is required' }),
  otp: otpCodeField,
});

/** Contact Us: the request body is the form ('Maximum 150 symbols' at max 100, as the product has it). */
export const contactForm = contactBody;

/** Account settings: the editable profile fields, named as in PATCH /auth/profile. */
export const profileForm = z.object({
  first_name: firstNameField,
  last_name: lastNameField,
  telephone: telephoneField,
  timezone: timeZoneField,
  address: addressField.optional(),
});

export const changePasswordForm = z
  .object({
    old_password: z
      .string({ error: 'Old password is required' })
      .min(1, 'Old password is required')
      .max(64, symbols(64).max),
    new_password: newPasswordField,
    confirm_password: confirmField(64),
  })
  .refine(
    (v) => v.new_password === v.confirm_password,
    matchCheck('new_password', 'confirm_password', PASSWORDS_DID_NOT_MATCH),
  );

/**
 * Text length bounds [min, max] for package and key tooling (docs/product.md#limits). Not yet
 * read by any tool: `email`, `password` (the tools take no e-mail or password field of their own
 * yet) and `otp` (every code has 6 digits: docs/product.md#differences).
 */
export const textBounds = {
  title: [0, 255],
  cap3Version: [4, 4],
  cap4Version: [4, 99],
  company: [0, 128],
  companyCap: [1, 20],
  comment: [1, 255],
  description: [1, 255],
  product: [1, 128],
  companyCode: [1, 32],
  keyName: [4, 64],
  email: [3, 128],
  password: [3, 64],
  otp: [5, 5],
  appNameOlder: [1, 20],
  appNameNewer: [1, 64],
  apkFileName: [1, 128],
} as const satisfies Record<string, readonly [number, number]>;
export type BoundedField = keyof typeof textBounds;

/**
 * A trimmed string within the field's bounds, with the generic messages. A field whose minimum
 * is 0 may be empty; otherwise empty reads '{label} is required'.
 */
export function boundedText(field: BoundedField, label: string): z.ZodString {
  const [min, max] = textBounds[field];
  const required = genericMessages.required(label);
  const base = z.string({ error: required }).trim();
  if (min === 0) return base.max(max, genericMessages.maxLength(max));
  const nonEmpty = base.min(1, { error: required, abort: true });
  const bounded = min > 1 ? nonEmpty.min(min, genericMessages.minLength(min)) : nonEmpty;
  return bounded.max(max, genericMessages.maxLength(max));
}

type PasswordCheckId = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';
type PasswordCheck = { id: PasswordCheckId; label: string; isPassed: boolean };
export type PasswordStrength = { checks: PasswordCheck[]; score: number };

const strengthRules: readonly {
  id: PasswordCheckId;
  label: string;
  test: (pw: string) => boolean;
}[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_METER_MIN_LENGTH} characters`,
    test: (pw) => pw.length >= PASSWORD_METER_MIN_LENGTH,
  },
  { id: 'lowercase', label: 'A lowercase letter', test: (pw) => /\p{Ll}/u.test(pw) },
  { id: 'uppercase', label: 'An uppercase letter', test: (pw) => /\p{Lu}/u.test(pw) },
  { id: 'digit', label: 'A number', test: (pw) => /\d/.test(pw) },
  // Anything that is neither a letter nor a number counts, spaces included.
  { id: 'special', label: 'A special character', test: (pw) => /[^\p{L}\p{N}]/u.test(pw) },
];

/** Strength meter (docs/product.md#password-meter): five checks, score = share passed, 0-100 by 20. */
export function passwordStrength(pw: string): PasswordStrength {
  const checks = strengthRules.map((r) => ({ id: r.id, label: r.label, isPassed: r.test(pw) }));
  const passed = checks.filter((c) => c.isPassed).length;
  return { checks, score: Math.round((passed / checks.length) * 100) };
}
