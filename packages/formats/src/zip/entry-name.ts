import { FormatError } from '../format-error';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes an entry name and refuses the ones that could escape a folder or confuse a reader:
 * `..` segments, absolute paths, drive letters, backslashes, NUL, line breaks (which would also
 * break MANIFEST.MF) and bytes that are not UTF-8 (Android reads names as UTF-8).
 */
export function decodeEntryName(raw: Uint8Array): string {
  let name: string;
  try {
    name = strictUtf8.decode(raw);
  } catch {
    throw unsafeNameError(lenientUtf8.decode(raw));
  }
  if (isUnsafeEntryName(name)) throw unsafeNameError(name);
  return name;
}

function isUnsafeEntryName(name: string): boolean {
  return (
    name.length === 0 ||
    /[\\\0\r\n]/.test(name) ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').includes('..')
  );
}

function unsafeNameError(name: string): FormatError {
  return new FormatError(
    'zip.unsafe_entry_name',
    `The ZIP holds an entry with an unsafe name: "${name}".`,
    {
      name,
    },
  );
}
