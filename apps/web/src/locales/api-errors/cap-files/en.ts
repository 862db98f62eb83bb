import type { CAP_FILE_ERRORS } from '@tkc/contracts/api/errors-cap-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_FILE_ERRORS, string> = {
  'cap.not_cap': "It's not CAP file, please select the valid CAP file.",
  'cap.version_unsupported': 'CAP{{n}} is not supported.',
  'cap.sign_block_missing': 'Sign block not found.',
  'cap.truncated': 'The CAP file is truncated: it ends before byte {{needed}}.',
  'cap.malformed': 'The CAP file is damaged: {{detail}}.',
  'cap.field_out_of_bounds':
    '{{label}} must have {{min}} to {{max}} characters (it has {{length}}).',
  'cap.field_unsupported': '{{label}} has no place in {{detail}}.',
  'cap.too_many_files': 'A CAP{{n}} holds at most {{max}} files; this one has {{count}}.',
  'cap.file_name_unsafe': "The file name '{{name}}' is not allowed: {{why}}.",
  'cap.file_name_duplicate': "The file name '{{name}}' appears more than once.",
  'cap.file_too_large':
    "The file '{{name}}' has {{size}} bytes; this CAP version takes at most {{max}}.",
  'cap.file_changed': "The file '{{name}}' changed while the CAP was built.",
  'cap.signer_mismatch': 'The CAP is signed with another key (signer fingerprint {{fingerprint}}).',
  'cap.signature_invalid': 'The CAP signature does not verify.',
  'cap.kek_mismatch':
    'The CAP key block is wrapped for another key-encryption key (fingerprint {{fingerprint}}).',
  'cap.key_unwrap_failed':
    'The CAP key block does not unwrap with this key-encryption key (wrong company keys).',
  'cap.kcv_mismatch':
    'The unwrapped key does not have the check value {{expected}} of the key block.',
  'cap.payload_mismatch': 'The CAP payload does not decrypt to its file table.',
  'cap.file_digest_mismatch': "The content of '{{file}}' does not match its SHA-256 digest.",
  'cap.key_set_invalid': "The Key CAP's key set is not valid: {{detail}}.",
  'cap.certificate_set_invalid': "The Certificate CAP's certificates are not valid: {{detail}}.",
  'tr31.malformed': 'TR-31 key block is malformed: {{detail}}.',
  'tr31.version_unsupported': 'TR-31 key block version {{version}} is not supported (B and D are).',
  'tr31.kbpk_length':
    'A version {{version}} key block needs a key block protection key of {{allowed}} bytes, not {{length}}.',
  'tr31.key_length': 'A key of {{length}} bytes cannot be wrapped.',
  'tr31.mac_invalid':
    'TR-31 key block MAC does not verify: wrong key block protection key, or the block was altered.',
};

export default texts;
