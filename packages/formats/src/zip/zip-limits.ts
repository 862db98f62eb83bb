/**
 * Bounds a ZIP must stay within before any of its entries is read. Declared sizes are checked
 * against them from the central directory; inflation checks the real output again, so a file that
 * lies about its sizes is stopped too (docs/formats/apk-signing.md, "Refusals").
 */
export type ZipLimits = {
  /** Most entries the central directory may list. */
  maxEntries: number;
  /** Largest declared uncompressed size of one entry, in bytes. */
  maxEntrySize: number;
  /** Largest sum of the declared uncompressed sizes of all entries, in bytes. */
  maxTotalSize: number;
  /**
   * Largest uncompressed/compressed ratio of one entry. Only entries larger than
   * `compressionRatioFloor` are held to it: tiny files compress well without being bombs.
   */
  maxCompressionRatio: number;
  /** Uncompressed size (bytes) up to which an entry may compress at any ratio. */
  compressionRatioFloor: number;
};

const mebibyte = 1024 * 1024;

export const defaultZipLimits: ZipLimits = {
  maxEntries: 20_000,
  maxEntrySize: 1024 * mebibyte,
  maxTotalSize: 4096 * mebibyte,
  maxCompressionRatio: 200,
  compressionRatioFloor: mebibyte,
};

export function resolveZipLimits(limits: Partial<ZipLimits> = {}): ZipLimits {
  return { ...defaultZipLimits, ...limits };
}
