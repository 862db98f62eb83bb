import type { FieldErrors } from './form-state';

// The sign-in form's rules as plain functions, so /auth paints without zod. They are the rules of
// `signInForm` (@tkc/contracts/forms) word for word; sign-in-rules.test.ts checks that both give
// the same verdict and message on many inputs.

/** zod's own e-mail pattern (z.email()), which the contract's emailField applies. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Characters as the contract's length rules count them: a surrogate pair is one. */
const lengthOf = (text: string) => [...text].length;

/** emailField: trimmed; required, 3 to 128 characters, then the e-mail format. */
export function emailError(value: string): string | undefined {
  const email = value.trim();
  const length = lengthOf(email);
  if (length < 1) return 'Email is required';
  if (length < 3) return 'Minimum 3 symbols';
  if (length > 128) return 'Maximum 128 symbols';
  if (!EMAIL_PATTERN.test(email)) return 'Wrong email format';
  return undefined;
}

/** The sign-in password: required, 3 to 64 characters, as typed. */
export function signInPasswordError(value: string): string | undefined {
  const length = lengthOf(value);
  if (length < 1) return 'Password is required';
  if (length < 3) return 'Minimum 3 symbols';
  if (length > 64) return 'Maximum 64 symbols';
  return undefined;
}

export type SignInValues = { email: string; password: string };

/** The first problem of each field, as the form shows it. */
export function validateSignIn(values: SignInValues): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = signInPasswordError(values.password);
  if (password) errors.password = password;
  return errors;
}
