import type { APK_FILE_ERRORS } from '@tkc/contracts/api/errors-apk-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof APK_FILE_ERRORS, string> = {
  'file.not_apk': 'Not a APK file. Please select a file with the correct format again',
  'file.apk_info_missing': 'Information not found: version, package',
  'zip.truncated': 'The ZIP file is truncated: it ends before its own records say it should.',
  'zip.central_directory_broken': 'The ZIP structure is broken: {{detail}}.',
  'zip.zip64_unsupported': 'ZIP64 archives (over 4 GiB or 65,535 entries) are not supported.',
  'zip.multi_disk_unsupported': 'ZIP archives split over several disks are not supported.',
  'zip.too_many_entries': 'The ZIP lists {{count}} entries; at most {{limit}} are accepted.',
  'zip.duplicate_entry': 'The ZIP holds two entries named "{{name}}".',
  'zip.unsafe_entry_name': 'The ZIP holds an entry with an unsafe name: "{{name}}".',
  'zip.encrypted_entry': 'The ZIP holds an encrypted entry: "{{name}}".',
  'zip.unsupported_compression':
    'Entry "{{name}}" uses compression method {{method}}; only stored (0) and deflate (8) are supported.',
  'zip.entry_too_large':
    'Entry "{{name}}" declares {{size}} bytes uncompressed; at most {{limit}} are accepted.',
  'zip.total_too_large': "The ZIP's entries declare more than {{limit}} bytes uncompressed in all.",
  'zip.compression_ratio_too_high':
    'Entry "{{name}}" would inflate to {{ratio}} times its compressed size; at most {{limit}} times is accepted.',
  'zip.overlapping_entries': 'Entries "{{first}}" and "{{second}}" overlap in the file.',
  'zip.entry_size_mismatch': 'Entry "{{name}}" inflates to {{detail}} bytes its header declares.',
  'zip.entry_corrupt': 'Entry "{{name}}" is corrupt: {{detail}}.',
  'apk.manifest_malformed': 'AndroidManifest.xml is not valid Android binary XML: {{detail}}.',
  'apk.entry_too_large_to_read':
    'Entry "{{name}}" declares {{size}} bytes; at most {{limit}} are read.',
  'apk.signing_block_malformed': 'The APK Signing Block is malformed: {{detail}}.',
  'apk.signature_too_large': "The APK's signature data is larger than {{limit}} bytes.",
  'apk.v1_signature_malformed': 'The JAR (v1) signature file "{{name}}" cannot be read.',
  'apk.certificate_malformed': 'A signing certificate cannot be read.',
  'apk.v1_ecdsa_needs_min_sdk_18':
    'JAR (v1) signing with an ECDSA key needs minSdkVersion 18 or higher; this APK declares {{minSdkVersion}}.',
};

export default texts;
