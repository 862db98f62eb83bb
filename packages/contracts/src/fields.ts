import { z } from 'zod';

/** Generic translated messages (docs/product.md#generic-messages). */
export const genericMessages = {
  notValid: (name: string) => `${name} is not valid`,
  required: (name: string) => `${name} is required`,
  requiredField: 'Required field',
  minLength: (n: number) => `Minimum field length: ${n}`,
  maxLength: (n: number) => `Maximum field length: ${n}`,
  fieldNotValid: 'Field is not valid',
  termsRequired: 'Accepting terms & conditions are required',
  loginIncorrect: 'The login detail is incorrect',
  notFound: (name: string) => `The requested ${name} is not found`,
} as const;

// Field rules shared by forms (SPA) and request bodies (server). Messages: docs/product.md#validation.

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .min(3, 'Minimum 3 symbols')
  .max(128, 'Maximum 128 symbols')
  .pipe(z.email('Wrong email format'));

/** The SPA sends SHA-256 (hex) of the password; the server only ever sees this form. */
export const passwordHashField = z
  .string({ error: 'Password is required' })
  .regex(/^[0-9a-f]{64}$/, 'Password must be sent as a SHA-256 hex digest');

export const ipField = z.string().trim().max(64).optional();

export const otpCodeField = z
  .string({ error: 'OTP is Required, please check your email' })
  .trim()
  .min(1, 'OTP is Required, please check your email')
  .regex(/^\d{6}$/, 'OTP must be 6 digits');

/** A recovery code as handed out when TOTP is turned on: 10 characters in two groups of five. */
export const recoveryCodeField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z2-9]{5}-?[a-z2-9]{5}$/, genericMessages.notValid('Recovery code'));

export const languageField = z.enum(['en', 'de', 'es', 'fr', 'ja', 'zh']);
export type Language = z.infer<typeof languageField>;

export const timeZoneField = z
  .string({ error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine(isKnownTimeZone, genericMessages.notValid('Time zone'));

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The years a console date may name (a terminal's, a licence's): 1900 to 2999. */
const DATE_YEAR_RANGE = [1900, 2999] as const;

/** A calendar date, yyyy-MM-dd, within DATE_YEAR_RANGE (year 0 is no date PostgreSQL keeps). */
export const calendarDateField = z.iso.date('Date must be yyyy-MM-dd').refine((value) => {
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEAR_RANGE[0] && year <= DATE_YEAR_RANGE[1];
}, `Date must be between ${DATE_YEAR_RANGE[0]} and ${DATE_YEAR_RANGE[1]}`);
