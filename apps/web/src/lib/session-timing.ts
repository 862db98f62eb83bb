import {
  IDLE_PROMPT_LEAD_MS,
  KEEP_LOGGED_IN_MIN_REMAINING_MS,
  PAGE_RELOAD_GUARD_MS,
} from '@tkc/contracts/constants';

// Timing rules of the session (docs/product.md#session) and chunk reloads (docs/product.md#signed-in).

/** Milliseconds left before the session expires (never negative). */
export const remainingMs = (expiresAt: number | null, now: number): number =>
  expiresAt === null ? 0 : Math.max(expiresAt - now, 0);

/**
 * Whether the idle prompt shows: one minute before expiry, or, for a session shorter than that,
 * once half of it has passed ("just before").
 */
export function shouldPromptIdle(
  expiresAt: number | null,
  now: number,
  sessionLengthMs: number,
): boolean {
  if (expiresAt === null) return false;
  const lead = Math.min(IDLE_PROMPT_LEAD_MS, Math.floor(sessionLengthMs / 2));
  return expiresAt - now <= lead;
}

/** 'Keep Me Logged in' is disabled when less than one second remains. */
export const canKeepLoggedIn = (remaining: number): boolean =>
  remaining >= KEEP_LOGGED_IN_MIN_REMAINING_MS;

/** 65_000 -> '01:05'; an hour or more -> '1:00:00'. */
export function formatCountdown(ms: number): string {
  const total = Math.max(Math.ceil(ms / 1000), 0);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * A page chunk failed to load (usually a new deployment replaced it): reload the page, unless the
 * last such reload was less than three seconds ago (then the failure is real: show the error page).
 */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= PAGE_RELOAD_GUARD_MS;
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /ChunkLoadError/i,
  /Loading chunk [\w-]+ failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const text =
    error instanceof Error
      ? `${error.name} ${error.message}`
      : typeof error === 'string'
        ? error
        : '';
  return CHUNK_ERROR_PATTERNS.some((re) => re.test(text));
}
