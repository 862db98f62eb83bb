import { FormatError } from '../format-error';

/** The product's own words for a file that is not an APK at all. */
const notApkMessage = 'Not a APK file. Please select a file with the correct format again';

export function notApkError(): FormatError {
  return new FormatError('file.not_apk', notApkMessage);
}

/** A ZIP whose structure cannot be trusted: its central directory, end record or headers. */
export function brokenZipError(detail: string, params: Record<string, string | number> = {}) {
  return new FormatError(
    'zip.central_directory_broken',
    `The ZIP structure is broken: ${detail}.`,
    params,
  );
}
