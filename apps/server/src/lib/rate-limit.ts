import type { ApiErrorCode } from '@tkc/contracts/api/error-codes';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { tooManyRequests } from './errors';

export type Limit = {
  key: string;
  max: number;
  windowS: number;
  /** The error a refusal answers (default request.rate_limited). */
  code?: ApiErrorCode;
};

export type RateLimiter = {
  /** Counts one hit against each limit; throws 429 with Retry-After when any is over. */
  hit(...limits: Limit[]): Promise<void>;
};

/**
 * Fixed-window counters kept in the database, so every API node sees the same counts
 * (nodes keep no state of their own: docs/architecture.md).
 */
export function createRateLimiter(
  db: DbOrTx,
  options: { isOff: boolean; clock?: () => Date },
): RateLimiter {
  const clock = options.clock ?? (() => new Date());
  return {
    async hit(...limits) {
      if (options.isOff) return;
      for (const limit of limits) {
        const now = clock();
        const windowFloor = new Date(now.getTime() - limit.windowS * 1000);
        const rows = await queryRows<{ count: number; window_start: string | Date }>(
          db,
          sql`
          insert into rate_limits (key, window_start, count) values (${limit.key}, ${now}, 1)
          on conflict (key) do update set
            count = case when rate_limits.window_start <= ${windowFloor} then 1 else rate_limits.count + 1 end,
            window_start = case when rate_limits.window_start <= ${windowFloor} then ${now} else rate_limits.window_start end
          returning count, window_start`,
        );
        const row = rows[0]!;
        if (row.count > limit.max) {
          const windowEnd = new Date(row.window_start).getTime() + limit.windowS * 1000;
          throw tooManyRequests((windowEnd - now.getTime()) / 1000, limit.code);
        }
      }
    },
  };
}
