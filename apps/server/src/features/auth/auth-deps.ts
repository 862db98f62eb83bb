import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import type { Mailer } from '../../lib/mail/mailer';
import type { RateLimiter } from '../../lib/rate-limit';

/** What the auth services need, passed in so tests can set the clock and catch the mail. */
export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  box: SecretBox;
  limiter: RateLimiter;
  clock: () => Date;
  config: Pick<Config, 'sessionTtlS' | 'publicUrl' | 'supportEmail'>;
};

/** Where a request came from, as the server sees it (never the body's `ip`, which is the client's word). */
export type RequestOrigin = { ip: string; userAgent: string };

export type Actor = {
  userId: string;
  email: string;
  companyId: string;
  sessionId: string;
};
