import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from './session-cache';

type S = { userId: string; n: number };

/** A change feed that is under the test's control. */
function feed() {
  let push: (payload: string) => void = () => {};
  let lose: () => void = () => {};
  let stopped = false;
  return {
    database: {
      // Only NOTIFY tkc_cache (migration 0001) carries the changes.
      listen: async (channel: string, onMessage: (p: string) => void, onLost: () => void) => {
        if (channel === 'tkc_cache') {
          push = onMessage;
          lose = onLost;
        }
        return async () => {
          stopped = true;
        };
      },
    },
    push: (payload: string) => push(payload),
    lose: () => lose(),
    isStopped: () => stopped,
  };
}

const loader = (value: S) => {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return value;
    },
    calls: () => calls,
  };
};

describe('session cache', () => {
  it('caches nothing until it follows the change feed', async () => {
    const cache = createSessionCache<S, string>({ ttlMs: 10_000, maxEntries: 10 });
    const l = loader({ userId: 'u1', n: 1 });
    await cache.session('t', l.load);
    await cache.session('t', l.load);
    expect(l.calls()).toBe(2);
  });

  it('serves from memory while following, and drops a user on their change notice', async () => {
    const f = feed();
    const cache = createSessionCache<S, string>({ ttlMs: 10_000, maxEntries: 10 });
    await cache.follow(f.database);
    const l = loader({ userId: 'u1', n: 1 });
    await cache.session('t', l.load);
    await cache.session('t', l.load);
    expect(l.calls()).toBe(1);
    f.push('u2');
    await cache.session('t', l.load);
    expect(l.calls()).toBe(1);
    f.push('u1');
    await cache.session('t', l.load);
    expect(l.calls()).toBe(2);
  });

  it('does not store what a load read before an invalidation that overtook it', async () => {
    const f = feed();
    const cache = createSessionCache<S, string>({ ttlMs: 10_000, maxEntries: 10 });
    await cache.follow(f.database);
    let release: () => void = () => {};
    const slow = cache.session(
      't',
      () =>
        new Promise<S>((resolve) => {
          release = () => resolve({ userId: 'u1', n: 1 });
        }),
    );
    cache.invalidate('u1');
    release();
    await slow;
    const l = loader({ userId: 'u1', n: 2 });
    expect(await cache.session('t', l.load)).toEqual({ userId: 'u1', n: 2 });
    expect(l.calls()).toBe(1);
  });

  it('empties and stops caching when the feed is lost', async () => {
    const f = feed();
    const cache = createSessionCache<S, string>({ ttlMs: 10_000, maxEntries: 10 });
    await cache.follow(f.database);
    const l = loader({ userId: 'u1', n: 1 });
    await cache.profile('u1', async () => 'p');
    await cache.session('t', l.load);
    f.lose();
    await cache.session('t', l.load);
    await cache.session('t', l.load);
    expect(l.calls()).toBe(3);
  });

  it('forgets entries older than the time to live', async () => {
    const f = feed();
    const cache = createSessionCache<S, string>({ ttlMs: 0, maxEntries: 10 });
    await cache.follow(f.database);
    const l = loader({ userId: 'u1', n: 1 });
    await cache.session('t', l.load);
    await new Promise((r) => setTimeout(r, 5));
    await cache.session('t', l.load);
    expect(l.calls()).toBe(2);
  });

  it('peeks at what it holds without loading: fresh entries only, nothing after a change notice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const f = feed();
      const cache = createSessionCache<S, string>({ ttlMs: 1000, maxEntries: 10 });
      expect(cache.peekSession('t')).toBeUndefined();
      await cache.follow(f.database);
      await cache.session('t', async () => ({ userId: 'u1', n: 1 }));
      await cache.profile('u1', async () => 'p1');
      expect(cache.peekSession('t')).toEqual({ userId: 'u1', n: 1 });
      expect(cache.peekProfile('u1')).toBe('p1');
      expect(cache.peekSession('other')).toBeUndefined();
      vi.advanceTimersByTime(1000);
      expect(cache.peekSession('t')).toEqual({ userId: 'u1', n: 1 });
      vi.advanceTimersByTime(1);
      expect(cache.peekSession('t')).toBeUndefined();
      expect(cache.peekProfile('u1')).toBeUndefined();
      await cache.session('t', async () => ({ userId: 'u1', n: 2 }));
      await cache.profile('u1', async () => 'p2');
      f.push('u1');
      expect(cache.peekSession('t')).toBeUndefined();
      expect(cache.peekProfile('u1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  describe('after the run (docs/testing.md#survivors)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('listens on tkc_cache, and an empty notice drops everyone', async () => {
      const f = feed();
      const cache = createSessionCache<S, string>({ ttlMs: 10_000, maxEntries: 10 });
      await cache.follow(f.database);
      const a = loader({ userId: 'u1', n: 1 });
      const b = loader({ userId: 'u2', n: 2 });
      await cache.session('a', a.load);
      await cache.session('b', b.load);
      f.push('');
      await cache.session('a', a.load);
      await cache.session('b', b.load);
      expect([a.calls(), b.calls()]).toEqual([2, 2]);
    });

    it('holds at most maxEntries, dropping the one stored longest ago', async () => {
      const f = feed();
      const cache = createSessionCache<S, string>({ ttlMs: 10_000, maxEntries: 2 });
      await cache.follow(f.database);
      const l = { a: loader({ userId: 'u1', n: 1 }), b: loader({ userId: 'u2', n: 2 }) };
      await cache.session('a', l.a.load);
      await cache.session('b', l.b.load);
      await cache.session('a', l.a.load);
      await cache.session('b', l.b.load);
      expect([l.a.calls(), l.b.calls()]).toEqual([1, 1]);
      const c = loader({ userId: 'u3', n: 3 });
      await cache.session('c', c.load);
      await cache.session('b', l.b.load);
      await cache.session('c', c.load);
      expect([l.b.calls(), c.calls()]).toEqual([1, 1]);
      await cache.session('a', l.a.load);
      expect(l.a.calls()).toBe(2);
    });

    it('stores a reloaded expired entry as the newest, so a full cache drops an older one', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(0);
      const f = feed();
      const cache = createSessionCache<S, string>({ ttlMs: 1000, maxEntries: 3 });
      await cache.follow(f.database);
      const l = {
        a: loader({ userId: 'u1', n: 1 }),
        b: loader({ userId: 'u2', n: 2 }),
        c: loader({ userId: 'u3', n: 3 }),
        d: loader({ userId: 'u4', n: 4 }),
      };
      await cache.session('a', l.a.load);
      vi.setSystemTime(500);
      await cache.session('b', l.b.load);
      vi.setSystemTime(1200);
      await cache.session('a', l.a.load); // expired: read again, now newer than b
      await cache.session('c', l.c.load);
      await cache.session('d', l.d.load); // full: b goes, not the fresh a
      vi.setSystemTime(1300);
      await cache.session('a', l.a.load);
      expect(l.a.calls()).toBe(2);
      await cache.session('b', l.b.load);
      expect(l.b.calls()).toBe(2);
    });

    it('stops listening when stopped, empties itself and caches nothing after', async () => {
      const f = feed();
      const cache = createSessionCache<S, string>({ ttlMs: 10_000, maxEntries: 10 });
      const stop = await cache.follow(f.database);
      const l = loader({ userId: 'u1', n: 1 });
      await cache.session('t', l.load);
      await stop();
      expect(f.isStopped()).toBe(true);
      await cache.session('t', l.load);
      await cache.session('t', l.load);
      expect(l.calls()).toBe(3);
    });
  });
});
