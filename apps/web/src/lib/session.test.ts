import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryLocalStorage } from './memory-local-storage';

// The stored session (docs/web.md): the expiry comes from the authid header; without one the
// session counts one hour (docs/product.md#session); a new session starts the idle timer afresh.

const store = installMemoryLocalStorage();

const HOUR = 60 * 60_000;

describe('session expiry', () => {
  beforeEach(() => {
    store.clear();
    vi.resetModules();
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
  });

  it('an answer without an expiry gives the session one hour', async () => {
    const { getSession, setSession } = await import('./session');
    setSession('token-a', null);
    expect(getSession().expiresAt).toBe(Date.now() + HOUR);
    expect(store.get('authExp')).toBe(new Date(Date.now() + HOUR).toISOString());
  });

  it('a stored token with no readable expiry is given one hour when the page loads', async () => {
    store.set('api_token', 'token-b');
    store.set('authExp', 'not a date');
    const { getSession } = await import('./session');
    expect(getSession()).toMatchObject({ token: 'token-b', expiresAt: Date.now() + HOUR });
  });

  it('the expiry of the authid header is kept as it is', async () => {
    const { getSession, setSession } = await import('./session');
    const expiry = new Date(Date.now() + 5 * 60_000);
    setSession('token-c', expiry);
    expect(getSession().expiresAt).toBe(expiry.getTime());
  });

  it('a new session marks the idle timer; a renewed one leaves it', async () => {
    const { setSession } = await import('./session');
    store.set('last_activity', '1');
    setSession('token-d', null);
    expect(store.get('last_activity')).toBe(String(Date.now()));
    store.set('last_activity', '2');
    setSession('token-d', new Date(Date.now() + HOUR));
    expect(store.get('last_activity')).toBe('2');
  });
});
