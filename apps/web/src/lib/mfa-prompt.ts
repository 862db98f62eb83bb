import { getSession } from './session';
import { sha256Hex } from './sha256';
import { readStorage, removeStorage, storageKeys } from './storage';

// The second-factor suggestion (docs/product.md#dashboard). `confirmMFA` (local storage, 'true' after sign-up)
// asks account settings to open its MFA section with a prompt. The dashboard's banner shows while
// the account has no second factor chosen; its 'Later' clears `confirmMFA` and hides the banner for
// the rest of this sign-in on this device (the mark is tied to the session token, so the banner
// comes back at the next sign-in, as MFA is still off).

const LATER_KEY = 'mfa_later';

/** A short, non-reversible mark of the current session (the token itself is never copied). */
export const sessionMark = (token: string): string => sha256Hex(`mfa-later:${token}`).slice(0, 16);

export const isMfaConfirmRequested = (): boolean => readStorage(storageKeys.confirmMfa) === 'true';

export const clearMfaConfirm = (): void => removeStorage(storageKeys.confirmMfa);

/** Whether 'Later' was pressed during the current session on this device. */
export function isMfaBannerDeferred(): boolean {
  const { token } = getSession();
  if (!token) return false;
  try {
    return globalThis.localStorage?.getItem(LATER_KEY) === sessionMark(token);
  } catch {
    return false;
  }
}

/** 'Later': clears the local flag and hides the banner until the next sign-in. */
export function deferMfaBanner(): void {
  clearMfaConfirm();
  const { token } = getSession();
  if (!token) return;
  try {
    globalThis.localStorage?.setItem(LATER_KEY, sessionMark(token));
  } catch {
    // Storage refused (privacy mode): the banner is hidden until the page reloads.
  }
}

/** A second factor was chosen: nothing is left to suggest. */
export function forgetMfaPrompt(): void {
  clearMfaConfirm();
  try {
    globalThis.localStorage?.removeItem(LATER_KEY);
  } catch {
    // ignored
  }
}
