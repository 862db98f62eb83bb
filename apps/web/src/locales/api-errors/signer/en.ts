import type { SIGNER_ERRORS } from '@tkc/contracts/api/errors-signer';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof SIGNER_ERRORS, string> = {
  'signer.no_source': 'No source has been selected.',
  'signer.format_not_recognized': 'File format is not recognized.',
  'signer.invalid_file': 'Invalid File. Please select the correct file.',
  'signer.file_name_length':
    'The APK file name must have {{min}} to {{max}} characters (it has {{length}}).',
  'signer.digest_mismatch':
    'The file changed on its way: the server computed SHA-256 {{server}}, your browser {{client}}. Please upload it again.',
  'signer.file_too_large': 'The file has {{size}} bytes; at most {{limit}} are accepted.',
  'signer.no_signing_key': 'No signing key for company {{company}}',
  'signer.not_signed': 'The signed file is not ready',
  'signer.key_exists': 'Company {{company}} already has a signing key: confirm to replace it',
  'signer.key_unreadable': 'The key or certificate cannot be read: {{detail}}',
  'signer.key_password': 'The password does not open the key file',
  'signer.key_file_too_large': 'The key file is larger than the {{kb}} KB allowed',
  'signer.key_mismatch': 'The private key does not belong to the certificate',
  'signer.key_unsupported':
    'Unsupported key: {{detail}}. Use RSA (2048 bits or more) or ECDSA P-256.',
  'approval.own_request': 'You cannot approve or reject your own request',
  'approval.not_pending': 'This request has already been decided',
};

export default texts;
