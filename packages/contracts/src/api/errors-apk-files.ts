import type { ErrorDef } from './error-codes';

// The FormatError codes of @tkc/formats apk/ and zip/ (docs/formats/apk-signing.md#refusals), as
// the API answers them: each template is the library's English message with its values as
// `{param}` slots, so the SPA can say it in the user's language. The first two are the product's
// own words. All belong to the uploaded file (`field: 'file'`).

const file = (msg: string): ErrorDef => ({ status: 400, msg, field: 'file' });

/** Error codes of APK and ZIP files; merged into API_ERRORS. */
export const APK_FILE_ERRORS = {
  'file.not_apk': file('Not a APK file. Please select a file with the correct format again'),
  'file.apk_info_missing': file('Information not found: version, package'),
  'zip.truncated': file('The ZIP file is truncated: it ends before its own records say it should.'),
  'zip.central_directory_broken': file('The ZIP structure is broken: {detail}.'),
  'zip.zip64_unsupported': file('ZIP64 archives (over 4 GiB or 65,535 entries) are not supported.'),
  'zip.multi_disk_unsupported': file('ZIP archives split over several disks are not supported.'),
  'zip.too_many_entries': file('The ZIP lists {count} entries; at most {limit} are accepted.'),
  'zip.duplicate_entry': file('The ZIP holds two entries named "{name}".'),
  'zip.unsafe_entry_name': file('The ZIP holds an entry with an unsafe name: "{name}".'),
  'zip.encrypted_entry': file('The ZIP holds an encrypted entry: "{name}".'),
  'zip.unsupported_compression': file(
    'Entry "{name}" uses compression method {method}; only stored (0) and deflate (8) are supported.',
  ),
  'zip.entry_too_large': file(
    'Entry "{name}" declares {size} bytes uncompressed; at most {limit} are accepted.',
  ),
  'zip.total_too_large': file(
    "The ZIP's entries declare more than {limit} bytes uncompressed in all.",
  ),
  'zip.compression_ratio_too_high': file(
    'Entry "{name}" would inflate to {ratio} times its compressed size; at most {limit} times is accepted.',
  ),
  'zip.overlapping_entries': file('Entries "{first}" and "{second}" overlap in the file.'),
  'zip.entry_size_mismatch': file('Entry "{name}" inflates to {detail} bytes its header declares.'),
  'zip.entry_corrupt': file('Entry "{name}" is corrupt: {detail}.'),
  'apk.manifest_malformed': file('AndroidManifest.xml is not valid Android binary XML: {detail}.'),
  'apk.entry_too_large_to_read': file(
    'Entry "{name}" declares {size} bytes; at most {limit} are read.',
  ),
  'apk.signing_block_malformed': file('The APK Signing Block is malformed: {detail}.'),
  'apk.signature_too_large': file("The APK's signature data is larger than {limit} bytes."),
  'apk.v1_signature_malformed': file('The JAR (v1) signature file "{name}" cannot be read.'),
  'apk.certificate_malformed': file('A signing certificate cannot be read.'),
  'apk.v1_ecdsa_needs_min_sdk_18': file(
    'JAR (v1) signing with an ECDSA key needs minSdkVersion 18 or higher; this APK declares {minSdkVersion}.',
  ),
} as const satisfies Record<string, ErrorDef>;
