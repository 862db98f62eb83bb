import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

type S = { userId: string; n: number };

/** A change feed that is under the test's control. */
function feed() {
  let push: (payload: string) => void = () => {};
  let lose: () => void = () => {};
  return {
    database: {
      listen: async (_channel: string, onMessage: (p: string) => void, onLost: () => void) => {
        push = onMessage;
        lose = onLost;
        return async () => {};
      },
    },
    push: (payload: string) => push(payload),
    lose: () => lose(),
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
});
