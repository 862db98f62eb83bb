import { capErrors } from './cap-errors';
import {
  type AppNameLimit,
  CAP_FIELDS,
  type CapFieldName,
  type CapKind,
  type CapVersion,
  fieldBounds,
  MAX_FILE_NAME_BYTES,
  MAX_FILES,
} from './cap-layout';

// The rules header fields and file names follow, shared by the writer (before a byte is
// written) and the reader (on every CAP it reads).

/** The header's text fields. companyCode is CAP4 only; appName is for application CAPs only and
 * keyName for Key CAPs and Certificate CAPs only. */
export type CapHeaderFields = {
  title: string;
  version: string;
  company: string;
  companyCap: string;
  comment: string;
  description: string;
  product: string;
  companyCode?: string;
  appName?: string;
  keyName?: string;
};

const KIND_LABELS: Record<CapKind, string> = {
  application: 'an application CAP',
  keySet: 'a Key CAP',
  certificate: 'a Certificate CAP',
};

/** Characters as the product counts them: Unicode code points. */
const characterCount = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** True when the text has a lone UTF-16 surrogate (it would not survive UTF-8). */
const hasLoneSurrogate = (text: string): boolean => /\p{Cs}/u.test(text);

/** Checks one field's value against its bounds. Throws cap.field_out_of_bounds. */
export function checkFieldValue(
  name: CapFieldName,
  value: string,
  version: CapVersion,
  appNameLimit: AppNameLimit,
): void {
  const spec = CAP_FIELDS.find((f) => f.name === name)!;
  const [min, max] = fieldBounds(spec, version, appNameLimit);
  const length = characterCount(value);
  if (length < min || length > max || hasLoneSurrogate(value)) {
    throw capErrors.fieldOutOfBounds(name, spec.label, min, max, length);
  }
}

/**
 * The fields of a CAP of this version and kind, in tag order, each within its bounds (a missing
 * field counts as empty). Throws cap.field_out_of_bounds, or cap.field_unsupported for a field
 * the version or kind has no place for.
 */
export function checkedFields(
  fields: CapHeaderFields,
  version: CapVersion,
  kind: CapKind,
  appNameLimit: AppNameLimit,
): { tag: number; value: string }[] {
  const out: { tag: number; value: string }[] = [];
  for (const spec of CAP_FIELDS) {
    const value = fields[spec.name];
    if (!spec.versions.includes(version) || !spec.kinds.includes(kind)) {
      if (value !== undefined) {
        const where = spec.versions.includes(version) ? KIND_LABELS[kind] : `CAP${version}`;
        throw capErrors.fieldUnsupported(spec.name, spec.label, where);
      }
      continue;
    }
    if (value !== undefined && typeof value !== 'string') {
      throw new TypeError(`${spec.name} must be a string`);
    }
    checkFieldValue(spec.name, value ?? '', version, appNameLimit);
    out.push({ tag: spec.tag, value: value ?? '' });
  }
  return out;
}

/** Why a file name is unsafe to unpack on a terminal, or null when it is fine. */
function unsafeFileNameReason(name: string): string | null {
  if (name.length === 0) return 'it is empty';
  if (Buffer.byteLength(name, 'utf8') > MAX_FILE_NAME_BYTES) {
    return `it is longer than ${MAX_FILE_NAME_BYTES} bytes`;
  }
  if (hasLoneSurrogate(name)) return 'it is not valid Unicode';
  if (name.includes('\0')) return 'it contains a NUL character';
  if (name.includes('\\')) return 'it contains a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'it is an absolute path';
  const segments = name.split('/');
  if (segments.includes('..')) return "it contains '..'";
  if (segments.includes('.')) return "it contains '.'";
  if (segments.includes('')) return 'it has an empty path segment';
  return null;
}

/** Checks the file names of a CAP: count, safety, uniqueness. Throws the cap.* error found first. */
export function checkFileNames(names: readonly string[], version: CapVersion): void {
  if (names.length > MAX_FILES[version]) {
    throw capErrors.tooManyFiles(version, names.length, MAX_FILES[version]);
  }
  const seen = new Set<string>();
  for (const name of names) {
    const why = unsafeFileNameReason(name);
    if (why) throw capErrors.fileNameUnsafe(name, why);
    if (seen.has(name)) throw capErrors.fileNameDuplicate(name);
    seen.add(name);
  }
}
