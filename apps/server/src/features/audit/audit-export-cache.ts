/**
 * The CSV text of whole export batches, kept for the next export with the same filter. An audit
 * event never changes once written and ids become visible in order (the chain's lock), so the
 * 2,000 events after an id under a filter are fixed once all 2,000 exist; the company codes joined
 * in are part of the key. Bounded by bytes; see docs/audit-export.md.
 */
type ExportBlock = { bytes: Buffer; lastId: number };

export type AuditExportCache = {
  get(key: string): ExportBlock | undefined;
  put(key: string, block: ExportBlock): void;
  size(): { blocks: number; bytes: number; hits: number };
};

type Entry = ExportBlock & { usedAt: number };

export function createAuditExportCache(options: {
  maxBytes: number;
  /** A block used this recently is not evicted for a new one (a long export's own blocks). */
  keepMs: number;
  now?: () => number;
}): AuditExportCache {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order; a block is re-inserted when used, so the first is the least recent.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entry.usedAt = now();
      entries.set(key, entry);
      hits += 1;
      return { bytes: entry.bytes, lastId: entry.lastId };
    },
    put(key, block) {
      const size = block.bytes.length;
      if (entries.has(key) || size > options.maxBytes) return;
      while (bytes + size > options.maxBytes) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, Entry];
        // An export longer than the cache would otherwise evict its own blocks for the next ones,
        // and every later export would miss them all: keep the recent ones, skip this block.
        if (now() - oldest.usedAt < options.keepMs) return;
        entries.delete(oldestKey);
        bytes -= oldest.bytes.length;
      }
      entries.set(key, { ...block, usedAt: now() });
      bytes += size;
    },
    size: () => ({ blocks: entries.size, bytes, hits }),
  };
}
