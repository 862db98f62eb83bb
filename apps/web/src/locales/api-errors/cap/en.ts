import type { CAP_ERRORS } from '@tkc/contracts/api/errors-cap';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_ERRORS, string> = {
  'cap.no_source': 'No source has been selected.',
  'cap.nested_folder': 'Please avoid nested folder.',
  'cap.folder_only': 'This folder should only include: {{kinds}} files',
  'cap.extension_missing': "Can't find file with {{extension}} extension.",
  'cap.app_file_missing': 'Please include the selected application file.',
  'cap.access_control_unsupported': 'Unsupported Access Control type.',
  'cap.format_not_recognized': 'File format is not recognized.',
  'cap.invalid_file': 'Invalid File. Please select the correct file.',
  'cap.too_many_sources': 'A CAP{{n}} holds at most {{max}} files; this folder has {{count}}.',
  'cap.model_unknown': 'Select a supported model',
  'cap.app_name_too_long': 'Maximum field length: {{max}}',
  'cap.not_ready': 'The CAP is not ready yet',
  'cap.key_source_not_allowed': 'Your role may not make a Key CAP with this key source',
  'cap.external_key_required': 'Public key is required',
  'cap.external_key_invalid':
    'The public key is not an RSA public key of 2048 to 8192 bits (PEM or DER)',
  'cap.external_key_reused': 'This public key was already used by a key set of this company',
  'cap.key_cap_not_pending': 'This Key CAP is {{status}}: it cannot be confirmed',
  'cap.key_cap_stale':
    'This Key CAP was made under a key set that is no longer current: make a new one',
  'cap.signing_key_external':
    'Company {{company}} holds its ULD User signing key itself: the console cannot sign with it',
};

export default texts;
