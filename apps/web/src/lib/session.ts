import { SESSION_TIMEOUT_DEFAULT_MS } from '@tkc/contracts/constants';
import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

// The login token (docs/product.md#login-token): from the authid header of every response, kept in local storage
// as api_token + authExp, and cleared on logout. A 401 does not clear the screen at once: it marks the
// session as ended so the shell can say 'Please Login again.' before sending the user to sign in.

/** docs/product.md#session: the session timeout when no expiry is known. */
const DEFAULT_SESSION_MS = SESSION_TIMEOUT_DEFAULT_MS;

/** Why a session ended under the user's feet: idle expiry, a 401 on a call, or on a table call. */
export type SessionEndReason = 'idle' | 'call' | 'table';

export type SessionState = {
  token: string | null;
  /** Epoch ms. */
  expiresAt: number | null;
  endedBy: SessionEndReason | null;
};

function loadFromStorage(): SessionState {
  const token = readStorage(storageKeys.apiToken);
  const exp = readStorage(storageKeys.authExp);
  const expiresAt = exp ? Date.parse(exp) : Number.NaN;
  if (!token) return { token: null, expiresAt: null, endedBy: null };
  return {
    token,
    expiresAt: Number.isNaN(expiresAt) ? Date.now() + DEFAULT_SESSION_MS : expiresAt,
    endedBy: null,
  };
}

let state: SessionState = loadFromStorage();
const listeners = new Set<() => void>();

function emit(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Stores the token (from an authid header); a missing expiry means the default hour. */
export function setSession(token: string, expiry: Date | null): void {
  const expiresAt = expiry ? expiry.getTime() : Date.now() + DEFAULT_SESSION_MS;
  if (state.token === token && state.expiresAt === expiresAt && state.endedBy === null) return;
  // A new session starts its idle timer afresh (a stale last activity would sign it out at once).
  if (state.token !== token) writeStorage(storageKeys.lastActivity, String(Date.now()));
  writeStorage(storageKeys.apiToken, token);
  writeStorage(storageKeys.authExp, new Date(expiresAt).toISOString());
  emit({ token, expiresAt, endedBy: null });
}

/** The server no longer knows the session: forget it, and remember why for the idle modal. */
export function endSession(reason: SessionEndReason): void {
  if (!state.token && state.endedBy) return;
  removeStorage(
    storageKeys.apiToken,
    storageKeys.authExp,
    storageKeys.verifyToken,
    storageKeys.lastActivity,
  );
  emit({ token: null, expiresAt: null, endedBy: reason });
}

/** Logout (docs/product.md#logout): clears the token, the temporary token and the user id. */
export function clearSession(): void {
  removeStorage(
    storageKeys.apiToken,
    storageKeys.authExp,
    storageKeys.verifyToken,
    storageKeys.userId,
    storageKeys.lastActivity,
  );
  emit({ token: null, expiresAt: null, endedBy: null });
}

/** Re-reads storage, e.g. when another tab signed in or out. */
export function reloadSessionFromStorage(): void {
  const next = loadFromStorage();
  if (next.token !== state.token || next.expiresAt !== state.expiresAt) {
    emit({ ...next, endedBy: next.token ? null : state.endedBy });
  }
}
