import { describe, expect, it } from 'vitest';
import { cachedIp } from './ip-cache';

const HOUR = 3_600_000;

describe('cached public address', () => {
  it('is used for four hours', () => {
    expect(cachedIp(10 * HOUR, { ip: '1.2.3.4', at: 7 * HOUR })).toBe('1.2.3.4');
    expect(cachedIp(10 * HOUR, { ip: '1.2.3.4', at: 6 * HOUR })).toBeNull();
  });

  it('ignores missing, malformed or future entries', () => {
    expect(cachedIp(0, null)).toBeNull();
    expect(cachedIp(0, { ip: 5, at: 0 } as never)).toBeNull();
    expect(cachedIp(0, { ip: '1.2.3.4', at: HOUR })).toBeNull();
  });
});
