import { describe, expect, it } from 'vitest';
import { formatDateTime, supportedTimeZones, timeZoneOptions, utcOffset } from './time-zones';

describe('time zones', () => {
  it('lists every supported zone once, with UTC and any extra zone', () => {
    const zones = supportedTimeZones(['Etc/GMT+5']);
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Etc/GMT+5');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('labels zones with their offset', () => {
    expect(utcOffset('UTC')).toBe('+00:00');
    expect(utcOffset('Asia/Taipei')).toBe('+08:00');
    const taipei = timeZoneOptions().find((o) => o.value === 'Asia/Taipei');
    expect(taipei?.label).toBe('(UTC+08:00) Asia/Taipei');
  });

  it('formats a date in the user’s zone', () => {
    const at = Date.UTC(2025, 4, 23, 23, 30);
    expect(formatDateTime(at, { timeZone: 'Asia/Taipei', locale: 'en-US' })).toContain(
      'May 24, 2025',
    );
    expect(formatDateTime(at, { timeZone: 'UTC', locale: 'en-US' })).toContain('May 23, 2025');
  });
});
