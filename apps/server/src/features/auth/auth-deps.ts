import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import type { Mailer } from '../../lib/mail/mailer';
import type { RateLimiter } from '../../lib/rate-limit';
import type { findLiveSessionWithUser, findProfile } from './auth-repo';
import type { SessionCache } from './session-cache';

type CachedSession = NonNullable<Awaited<ReturnType<typeof findLiveSessionWithUser>>>;
type CachedProfile = NonNullable<Awaited<ReturnType<typeof findProfile>>>;
export type AuthCache = SessionCache<CachedSession, CachedProfile>;

/** What the auth services need, passed in so tests can set the clock and catch the mail. */
export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  box: SecretBox;
  limiter: RateLimiter;
  clock: () => Date;
  /** Dropped for a user after every change to that user's session or profile. */
  cache: AuthCache;
  config: Pick<Config, 'sessionTtlS' | 'idleTimeoutS' | 'publicUrl' | 'supportEmail'>;
};

/** Where a request came from, as the server sees it (never the body's `ip`, which is the client's word). */
export type RequestOrigin = { ip: string; userAgent: string };

export type Actor = {
  userId: string;
  email: string;
  companyId: string;
  sessionId: string;
};
