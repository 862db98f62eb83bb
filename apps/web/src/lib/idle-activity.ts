import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { readStorage, storageKeys, writeStorage } from './storage';

// The idle timer (docs/web.md#idle): a user is signed out after IDLE_TIMEOUT_S (GET /config)
// without using the console in any of its tabs. Activity is a pointer press or move, a key, a
// scroll or wheel, or the tab coming back into view. The last activity is kept in local storage,
// so every tab counts what happens in the others. While the user is active but the page makes no
// call, the server is touched now and then so its own idle limit (the same IDLE_TIMEOUT_S) does
// not end a session the browser still sees in use.

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'];
/** Writes to storage at most this often: a moving pointer fires many events a second. */
const WRITE_EVERY_MS = 1_000;

let lastActivityAt = Date.now();
let lastWrittenAt = 0;
let lastTouchAt = Date.now();

/** The last activity in any tab (epoch ms). */
function lastActivity(): number {
  const shared = Number(readStorage(storageKeys.lastActivity));
  return Number.isFinite(shared) ? Math.max(shared, lastActivityAt) : lastActivityAt;
}

/** Counts as activity now, in this tab and (within a second) in the others. */
function markActivity(now = Date.now()): void {
  lastActivityAt = now;
  if (now - lastWrittenAt >= WRITE_EVERY_MS) {
    lastWrittenAt = now;
    writeStorage(storageKeys.lastActivity, String(now));
  }
}

/** Milliseconds of idleness left before sign-out (never negative). */
export const idleRemainingMs = (idleLimitMs: number, now: number): number =>
  Math.max(lastActivity() + idleLimitMs - now, 0);

/**
 * Listens for activity while signed in. `isPaused`: the idle prompt is open, where only its
 * buttons count (moving the pointer to read it must not dismiss it).
 */
export function useActivityTracking(idleLimitMs: number | null, isPaused: boolean): void {
  useEffect(() => {
    if (idleLimitMs === null || isPaused) return;
    const onActivity = () => {
      const now = Date.now();
      markActivity(now);
      // Half the limit without a call: tell the server this session is in use.
      if (now - lastTouchAt >= idleLimitMs / 2) {
        lastTouchAt = now;
        void apiRequest('/auth/profile').catch(() => {});
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') onActivity();
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, true);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [idleLimitMs, isPaused]);
}

/** A signed-in start (or a server call) counts as activity and as a touch. */
export function resetIdle(now = Date.now()): void {
  lastTouchAt = now;
  lastWrittenAt = 0;
  markActivity(now);
}
