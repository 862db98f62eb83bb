import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryLocalStorage } from './memory-local-storage';
import {
  deferMfaBanner,
  forgetMfaPrompt,
  isMfaBannerDeferred,
  isMfaConfirmRequested,
  sessionMark,
} from './mfa-prompt';
import { clearSession, setSession } from './session';

const store = installMemoryLocalStorage();

describe('MFA suggestion', () => {
  beforeEach(() => {
    store.clear();
    clearSession();
  });

  it('marks the session without keeping its token', () => {
    const token = 'a'.repeat(43);
    expect(sessionMark(token)).toMatch(/^[0-9a-f]{16}$/);
    expect(sessionMark(token)).toBe(sessionMark(token));
    expect(sessionMark(token)).not.toBe(sessionMark(`${token}b`));
    expect(sessionMark(token)).not.toContain('aaaa');
  });

  it("'Later' clears confirmMFA and hides the banner for this session only", () => {
    store.set('confirmMFA', 'true');
    setSession('token-one', new Date(Date.now() + 60_000));
    expect(isMfaConfirmRequested()).toBe(true);
    expect(isMfaBannerDeferred()).toBe(false);

    deferMfaBanner();
    expect(isMfaConfirmRequested()).toBe(false);
    expect(isMfaBannerDeferred()).toBe(true);
    expect(store.get('mfa_later')).toBe(sessionMark('token-one'));

    // The next sign-in is a new session: the banner asks again.
    setSession('token-two', new Date(Date.now() + 60_000));
    expect(isMfaBannerDeferred()).toBe(false);
  });

  it('is not deferred without a session, and forgets everything once a factor is chosen', () => {
    expect(isMfaBannerDeferred()).toBe(false);
    setSession('token-three', null);
    store.set('confirmMFA', 'true');
    deferMfaBanner();
    forgetMfaPrompt();
    expect(store.has('mfa_later')).toBe(false);
    expect(store.has('confirmMFA')).toBe(false);
  });
});
