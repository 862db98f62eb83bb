// Text PostgreSQL cannot store as sent: NUL has no place in text or jsonb, and a lone UTF-16
// surrogate is not a character (it would be stored as U+FFFD, not as sent). Input holding either
// is refused at the edge (docs/security.md#input); the audit chain stores and hashes such text
// only in its storable form.

const NOT_STORABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is looked for
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isStorableText = (value: string) => !NOT_STORABLE.test(value);

/** The text as PostgreSQL would keep it: each NUL and lone surrogate as U+FFFD. */
export const toStorableText = (value: string) =>
  value.replace(new RegExp(NOT_STORABLE.source, 'g'), '\uFFFD');

/** The path of the first string (or key) in `value` that cannot be stored, else null. */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return at;
      const found = findUnstorableText(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}
