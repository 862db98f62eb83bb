import { describe, expect, it } from 'vitest';
import { createAuditExportCache } from './audit-export-cache';

const block = (size: number, lastId: number) => ({ bytes: Buffer.alloc(size, 97), lastId });

describe('audit export cache', () => {
  it('gives back what was put, by key, and counts the hits', () => {
    const cache = createAuditExportCache({ maxBytes: 100, keepMs: 1000 });
    cache.put('a|0', block(10, 2000));
    expect(cache.get('a|0')?.lastId).toBe(2000);
    expect(cache.get('a|2000')).toBeUndefined();
    expect(cache.size()).toEqual({ blocks: 1, bytes: 10, hits: 1 });
  });

  it('makes room by dropping the least recently used block once it has not been used for keepMs', () => {
    let now = 0;
    const cache = createAuditExportCache({ maxBytes: 30, keepMs: 1000, now: () => now });
    cache.put('a', block(10, 1));
    cache.put('b', block(10, 2));
    cache.put('c', block(10, 3));
    now = 5000;
    cache.get('a'); // a is now the most recent; b the least
    cache.put('d', block(10, 4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.lastId).toBe(1);
    expect(cache.get('d')?.lastId).toBe(4);
    expect(cache.size().bytes).toBe(30);
  });

  it('keeps recently used blocks rather than take a new one (an export longer than the cache)', () => {
    let now = 0;
    const cache = createAuditExportCache({ maxBytes: 20, keepMs: 1000, now: () => now });
    cache.put('a', block(10, 1));
    cache.put('b', block(10, 2));
    now = 500;
    cache.put('c', block(10, 3));
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size().blocks).toBe(2);
    expect(cache.get('a')?.lastId).toBe(1);
  });

  it('never holds a block larger than the whole cache', () => {
    const cache = createAuditExportCache({ maxBytes: 20, keepMs: 0 });
    cache.put('big', block(21, 1));
    expect(cache.size()).toEqual({ blocks: 0, bytes: 0, hits: 0 });
  });
});
