import { fileMessages } from '@tkc/contracts/forms';
import { FormatError } from '../format-error';

// Every FormatError a CAP can raise, with its stable code and English text. The table of codes
// is in docs/formats/cap.md; the first three messages are the product's own wording.

export const capErrors = {
  notCap: () => new FormatError('cap.not_cap', fileMessages.notCapFile),
  versionUnsupported: (n: number) =>
    new FormatError('cap.version_unsupported', fileMessages.capNotSupported(n), { n }),
  signBlockMissing: () => new FormatError('cap.sign_block_missing', fileMessages.signBlockNotFound),
  truncated: (needed: number) =>
    new FormatError('cap.truncated', `The CAP file is truncated: it ends before byte ${needed}.`, {
      needed,
    }),
  malformed: (detail: string) =>
    new FormatError('cap.malformed', `The CAP file is damaged: ${detail}.`, { detail }),
  fieldOutOfBounds: (field: string, label: string, min: number, max: number, length: number) =>
    new FormatError(
      'cap.field_out_of_bounds',
      min === max
        ? `${label} must have exactly ${min} characters (it has ${length}).`
        : `${label} must have ${min} to ${max} characters (it has ${length}).`,
      { field, min, max, length },
    ),
  fieldUnsupported: (field: string, label: string, detail: string) =>
    new FormatError('cap.field_unsupported', `${label} has no place in ${detail}.`, {
      field,
      detail,
    }),
  tooManyFiles: (n: number, count: number, max: number) =>
    new FormatError(
      'cap.too_many_files',
      `A CAP${n} holds at most ${max} files; this one has ${count}.`,
      { n, count, max },
    ),
  fileNameUnsafe: (name: string, why: string) =>
    new FormatError('cap.file_name_unsafe', `The file name '${name}' is not allowed: ${why}.`, {
      name,
      why,
    }),
  fileNameDuplicate: (name: string) =>
    new FormatError('cap.file_name_duplicate', `The file name '${name}' appears more than once.`, {
      name,
    }),
  fileTooLarge: (name: string, size: number, max: number) =>
    new FormatError(
      'cap.file_too_large',
      `The file '${name}' has ${size} bytes; this CAP version takes at most ${max}.`,
      { name, size, max },
    ),
  fileChanged: (name: string) =>
    new FormatError('cap.file_changed', `The file '${name}' changed while the CAP was built.`, {
      name,
    }),
  signerMismatch: (fingerprint: string) =>
    new FormatError(
      'cap.signer_mismatch',
      `The CAP is signed with another key (signer fingerprint ${fingerprint}).`,
      { fingerprint },
    ),
  signatureInvalid: () =>
    new FormatError('cap.signature_invalid', 'The CAP signature does not verify.'),
  kekMismatch: (fingerprint: string) =>
    new FormatError(
      'cap.kek_mismatch',
      `The CAP key block is wrapped for another key-encryption key (fingerprint ${fingerprint}).`,
      { fingerprint },
    ),
  keyUnwrapFailed: () =>
    new FormatError(
      'cap.key_unwrap_failed',
      'The CAP key block does not unwrap with this key-encryption key (wrong company keys).',
    ),
  kcvMismatch: (expected: string) =>
    new FormatError(
      'cap.kcv_mismatch',
      `The unwrapped key does not have the check value ${expected} of the key block.`,
      { expected },
    ),
  payloadMismatch: () =>
    new FormatError('cap.payload_mismatch', 'The CAP payload does not decrypt to its file table.'),
  fileDigestMismatch: (file: string) =>
    new FormatError(
      'cap.file_digest_mismatch',
      `The content of '${file}' does not match its SHA-256 digest.`,
      { file },
    ),
  keySetInvalid: (detail: string) =>
    new FormatError('cap.key_set_invalid', `The Key CAP's key set is not valid: ${detail}.`, {
      detail,
    }),
  certificateSetInvalid: (detail: string) =>
    new FormatError(
      'cap.certificate_set_invalid',
      `The Certificate CAP's certificates are not valid: ${detail}.`,
      { detail },
    ),
} as const;
