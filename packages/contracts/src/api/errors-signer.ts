import type { ErrorDef } from './error-codes';

// The Signer's refusals (docs/signer.md). The file-selection texts are the product's own words
// (fileMessages in ../forms.ts); the rest are ours.

/** Error codes of the Signer; merged into API_ERRORS. */
export const SIGNER_ERRORS = {
  // --- The file of a request ---
  'signer.no_source': { status: 400, msg: 'No source has been selected.', field: 'file' },
  'signer.format_not_recognized': {
    status: 400,
    msg: 'File format is not recognized.',
    field: 'file',
  },
  'signer.invalid_file': {
    status: 400,
    msg: 'Invalid File. Please select the correct file.',
    field: 'file',
  },
  'signer.file_name_length': {
    status: 400,
    msg: 'The APK file name must have {min} to {max} characters (it has {length}).',
    field: 'file',
  },
  'signer.digest_mismatch': {
    status: 400,
    msg: 'The file changed on its way: the server computed SHA-256 {server}, your browser {client}. Please upload it again.',
    field: 'file',
  },
  'signer.file_too_large': {
    status: 413,
    msg: 'The file has {size} bytes; at most {limit} are accepted.',
    field: 'file',
  },

  // --- Approval and download ---
  'signer.no_signing_key': { status: 409, msg: 'No signing key for company {company}' },
  'signer.not_signed': { status: 409, msg: 'The signed file is not ready' },

  // --- Company signing keys ---
  'signer.key_exists': {
    status: 409,
    msg: 'Company {company} already has a signing key: confirm to replace it',
    field: 'replace',
  },
  'signer.key_unreadable': { status: 400, msg: 'The key or certificate cannot be read: {detail}' },
  'signer.key_password': {
    status: 400,
    msg: 'The password does not open the key file',
    field: 'password',
  },
  'signer.key_file_too_large': {
    status: 413,
    msg: 'The key file is larger than the {kb} KB allowed',
  },
  'signer.key_mismatch': {
    status: 400,
    msg: 'The private key does not belong to the certificate',
  },
  'signer.key_unsupported': {
    status: 400,
    msg: 'Unsupported key: {detail}. Use RSA (2048 bits or more) or ECDSA P-256.',
  },

  // --- The generic request/approval module (features/approvals), shared with Certificate CAP ---
  'approval.own_request': {
    status: 403,
    msg: 'You cannot approve or reject your own request',
  },
  'approval.not_pending': { status: 409, msg: 'This request has already been decided' },
} as const satisfies Record<string, ErrorDef>;
