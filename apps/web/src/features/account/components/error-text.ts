import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

// The server's words for what can go wrong on this page, translated in the 'account' namespace;
// anything else goes through the message catalogue (English when it is unknown there).

const accountMessages: Record<string, string> = {
  'The old password is incorrect': 'errors.oldPasswordWrong',
  'The code is not valid': 'errors.codeInvalid',
  'Start the authenticator set-up first': 'errors.totpNotPending',
  'Too many wrong codes: please wait before trying again': 'errors.tooManyCodes',
};

/** A failed call as one sentence for an inline alert. `t` is bound to the 'account' namespace. */
export function errorText(error: unknown, t: TFunction<'account'>): string {
  if (!isApiError(error)) return translateMessage('Server No Response');
  if (error.code === 'ECONNABORTED') return translateMessage('Server has no response.');
  if (error.status === 0) return translateMessage('Server No Response');
  const message = error.serverMsg ?? error.statusText;
  const key = message ? accountMessages[message] : undefined;
  if (key) return t(key);
  return translateMessage(message || 'Server Error');
}
