import { ERASE_FAILURE_STATUSES } from '@tkc/contracts/erase-status';
import { describe, expect, it } from 'vitest';
import { calendarDate, eraseFailureQuery, failureWindowStart } from './get-erase-failures';

describe('dashboard failed-erase query', () => {
  it('starts 30 days back, as a calendar date in the user zone', () => {
    const now = new Date('2025-05-23T22:30:00Z');
    expect(failureWindowStart('UTC', now)).toBe('2025-04-23');
    // Already the 24th in Tokyo.
    expect(failureWindowStart('Asia/Tokyo', now)).toBe('2025-04-24');
    expect(failureWindowStart('America/Los_Angeles', now)).toBe('2025-04-23');
  });

  it('falls back to the browser zone for an unknown zone', () => {
    const at = new Date('2025-01-15T12:00:00Z');
    expect(calendarDate(at, 'Mars/Base')).toBe(calendarDate(at));
  });

  it('asks for every failure status, newest first', () => {
    const q = eraseFailureQuery('2025-04-23');
    expect(q.order).toBe('desc');
    expect(q.filter.split(',').map(Number)).toEqual([...ERASE_FAILURE_STATUSES]);
    expect(q.filter.split(',')).not.toContain('0');
  });
});
