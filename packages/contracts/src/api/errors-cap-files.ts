import type { ErrorDef } from './error-codes';

// The FormatError codes of @tkc/formats cap/ and keys/ (docs/formats/cap.md#5-errors), as the API
// answers them: each template is the library's English message with its values as `{param}`
// slots, so the SPA can say it in the user's language. The first three are the product's own
// words. A CAP's errors belong to the file in hand (`field: 'file'`), a TR-31 key block's to the
// key block protection key or the block (`field: 'kbpk'`).

const file = (msg: string): ErrorDef => ({ status: 400, msg, field: 'file' });
const keyBlock = (msg: string): ErrorDef => ({ status: 400, msg, field: 'kbpk' });

/** Error codes of CAP files and key blocks; merged into API_ERRORS. */
export const CAP_FILE_ERRORS = {
  'cap.not_cap': file("It's not CAP file, please select the valid CAP file."),
  'cap.version_unsupported': file('CAP{n} is not supported.'),
  'cap.sign_block_missing': file('Sign block not found.'),
  'cap.truncated': file('The CAP file is truncated: it ends before byte {needed}.'),
  'cap.malformed': file('The CAP file is damaged: {detail}.'),
  /** The library names the field by its label; the exact-length variant reads min = max. */
  'cap.field_out_of_bounds': file('{label} must have {min} to {max} characters (it has {length}).'),
  'cap.field_unsupported': file('{label} has no place in {detail}.'),
  'cap.too_many_files': file('A CAP{n} holds at most {max} files; this one has {count}.'),
  'cap.file_name_unsafe': file("The file name '{name}' is not allowed: {why}."),
  'cap.file_name_duplicate': file("The file name '{name}' appears more than once."),
  'cap.file_too_large': file(
    "The file '{name}' has {size} bytes; this CAP version takes at most {max}.",
  ),
  'cap.file_changed': file("The file '{name}' changed while the CAP was built."),
  'cap.signer_mismatch': file(
    'The CAP is signed with another key (signer fingerprint {fingerprint}).',
  ),
  'cap.signature_invalid': file('The CAP signature does not verify.'),
  'cap.kek_mismatch': file(
    'The CAP key block is wrapped for another key-encryption key (fingerprint {fingerprint}).',
  ),
  'cap.key_unwrap_failed': file(
    'The CAP key block does not unwrap with this key-encryption key (wrong company keys).',
  ),
  'cap.kcv_mismatch': file(
    'The unwrapped key does not have the check value {expected} of the key block.',
  ),
  'cap.payload_mismatch': file('The CAP payload does not decrypt to its file table.'),
  'cap.file_digest_mismatch': file("The content of '{file}' does not match its SHA-256 digest."),
  'cap.key_set_invalid': file("The Key CAP's key set is not valid: {detail}."),
  'cap.certificate_set_invalid': file(
    "The Certificate CAP's certificates are not valid: {detail}.",
  ),
  'tr31.malformed': keyBlock('TR-31 key block is malformed: {detail}.'),
  'tr31.version_unsupported': keyBlock(
    'TR-31 key block version {version} is not supported (B and D are).',
  ),
  'tr31.kbpk_length': keyBlock(
    'A version {version} key block needs a key block protection key of {allowed} bytes, not {length}.',
  ),
  'tr31.key_length': keyBlock('A key of {length} bytes cannot be wrapped.'),
  'tr31.mac_invalid': keyBlock(
    'TR-31 key block MAC does not verify: wrong key block protection key, or the block was altered.',
  ),
} as const satisfies Record<string, ErrorDef>;
