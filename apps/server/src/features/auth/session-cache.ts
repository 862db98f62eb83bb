import type { Database } from '../../db/client';

/**
 * A short-lived copy of sessions and profiles, so the hot path (every signed-in request) skips the
 * database. The database stays the only source of truth: entries live at most `ttlMs`, are dropped
 * by this node when it changes a user, and by every node when PostgreSQL announces a committed
 * change through NOTIFY tkc_cache (see migration 0001). Without that feed nothing is cached.
 */
export type SessionCache<S extends { userId: string }, P> = {
  session(tokenHash: string, load: () => Promise<S | undefined>): Promise<S | undefined>;
  profile(userId: string, load: () => Promise<P | undefined>): Promise<P | undefined>;
  /** The cached session of a token hash while it is fresh, without loading (the hot path). */
  peekSession(tokenHash: string): S | undefined;
  /** The cached profile of a user while it is fresh, without loading. */
  peekProfile(userId: string): P | undefined;
  /** Drops everything cached about one user ('*': everyone). */
  invalidate(userId: string): void;
  /** Starts following the database's change announcements; resolves to a stop function. */
  follow(database: Pick<Database, 'listen'>): Promise<() => Promise<void>>;
};

type Entry<V> = { value: V; userId: string; storedAt: number };

export function createSessionCache<S extends { userId: string }, P>(options: {
  ttlMs: number;
  maxEntries: number;
}): SessionCache<S, P> {
  const sessions = new Map<string, Entry<S>>();
  const profiles = new Map<string, Entry<P>>();
  let isLive = false;
  // Bumped on every invalidation: a load that began before one must not store what it read.
  let generation = 0;

  function peek<V>(map: Map<string, Entry<V>>, key: string): V | undefined {
    const entry = map.get(key);
    return entry && Date.now() - entry.storedAt <= options.ttlMs ? entry.value : undefined;
  }

  async function cached<V>(
    map: Map<string, Entry<V>>,
    key: string,
    userIdOf: (value: V) => string,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> {
    const entry = map.get(key);
    if (entry && Date.now() - entry.storedAt <= options.ttlMs) return entry.value;
    if (entry) map.delete(key);
    const startedAt = generation;
    const value = await load();
    if (value !== undefined && isLive && startedAt === generation) {
      if (map.size >= options.maxEntries) map.delete(map.keys().next().value!);
      map.set(key, { value, userId: userIdOf(value), storedAt: Date.now() });
    }
    return value;
  }

  const invalidate = (userId: string) => {
    generation++;
    if (userId === '*') {
      sessions.clear();
      profiles.clear();
      return;
    }
    profiles.delete(userId);
    for (const [key, entry] of sessions) if (entry.userId === userId) sessions.delete(key);
  };

  return {
    session: (tokenHash, load) => cached(sessions, tokenHash, (s) => s.userId, load),
    profile: (userId, load) => cached(profiles, userId, () => userId, load),
    peekSession: (tokenHash) => peek(sessions, tokenHash),
    peekProfile: (userId) => peek(profiles, userId),
    invalidate,
    async follow(database) {
      const stop = await database.listen(
        'tkc_cache',
        (payload) => invalidate(payload || '*'),
        () => {
          isLive = false;
          invalidate('*');
        },
      );
      isLive = true;
      return async () => {
        isLive = false;
        invalidate('*');
        await stop();
      };
    },
  };
}
