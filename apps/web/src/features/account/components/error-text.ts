import type { ApiErrorCode } from '@tkc/contracts/api/error-codes';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

// The errors of this page that the 'account' namespace words for its own screens, by code;
// any other server text arrives already in the user's language (see lib/api-client.ts).

const accountMessages: Partial<Record<ApiErrorCode, string>> = {
  'auth.old_password_wrong': 'errors.oldPasswordWrong',
  'auth.code_invalid': 'errors.codeInvalid',
  'auth.totp_not_pending': 'errors.totpNotPending',
  'auth.too_many_codes': 'errors.tooManyCodes',
};

/** A failed call as one sentence for an inline alert. `t` is bound to the 'account' namespace. */
export function errorText(error: unknown, t: TFunction<'account'>): string {
  if (!isApiError(error)) return translateMessage('Server No Response');
  if (error.code === 'ECONNABORTED') return translateMessage('Server has no response.');
  if (error.status === 0) return translateMessage('Server No Response');
  const key = error.errorCode ? accountMessages[error.errorCode] : undefined;
  if (key) return t(key);
  return translateMessage(error.serverMsg || error.statusText || 'Server Error');
}
