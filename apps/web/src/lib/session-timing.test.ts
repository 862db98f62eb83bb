import { describe, expect, it } from 'vitest';
import {
  canKeepLoggedIn,
  formatCountdown,
  isChunkLoadError,
  remainingMs,
  shouldPromptIdle,
  shouldReloadForChunkError,
} from './session-timing';

const HOUR = 3_600_000;

describe('idle prompt', () => {
  it('appears one minute before expiry of an hour-long session', () => {
    const expiresAt = 10 * HOUR;
    expect(shouldPromptIdle(expiresAt, expiresAt - 61_000, HOUR)).toBe(false);
    expect(shouldPromptIdle(expiresAt, expiresAt - 60_000, HOUR)).toBe(true);
    expect(shouldPromptIdle(expiresAt, expiresAt + 5, HOUR)).toBe(true);
  });

  it('appears halfway through a session shorter than two minutes', () => {
    expect(shouldPromptIdle(30_000, 0, 30_000)).toBe(false);
    expect(shouldPromptIdle(30_000, 15_000, 30_000)).toBe(true);
  });

  it('never appears without an expiry', () => {
    expect(shouldPromptIdle(null, 0, HOUR)).toBe(false);
  });

  it('disables Keep Me Logged in under one second', () => {
    expect(canKeepLoggedIn(999)).toBe(false);
    expect(canKeepLoggedIn(1000)).toBe(true);
    expect(remainingMs(1000, 5000)).toBe(0);
  });

  it('formats the countdown', () => {
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(HOUR)).toBe('1:00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('chunk reload guard', () => {
  it('reloads at most once every three seconds', () => {
    expect(shouldReloadForChunkError(10_000, null)).toBe(true);
    expect(shouldReloadForChunkError(10_000, 8_000)).toBe(false);
    expect(shouldReloadForChunkError(11_000, 8_000)).toBe(true);
  });

  it('recognises the browsers’ chunk errors', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });
});
