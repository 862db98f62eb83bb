import type { ErrorDef } from './error-codes';

// CAP Maker's own refusals (docs/cap-maker.md#errors). The folder rules answer with the
// product's exact messages (fileMessages in ../forms); the browser checks the same rules before anything is
// uploaded (capFolderProblem in ./cap), so the page shows these texts from the same codes.

const folder = (msg: string): ErrorDef => ({ status: 400, msg, field: 'folder' });

/** Error codes of CAP Maker (General and Key) and the ULD key sets; merged into API_ERRORS. */
export const CAP_ERRORS = {
  // --- The folder of a General CAP ---
  'cap.no_source': folder('No source has been selected.'),
  'cap.nested_folder': folder('Please avoid nested folder.'),
  'cap.folder_only': folder('This folder should only include: {kinds} files'),
  'cap.extension_missing': folder("Can't find file with {extension} extension."),
  'cap.app_file_missing': {
    status: 400,
    msg: 'Please include the selected application file.',
    field: 'app_file',
  },
  'cap.access_control_unsupported': folder('Unsupported Access Control type.'),
  'cap.format_not_recognized': folder('File format is not recognized.'),
  'cap.invalid_file': folder('Invalid File. Please select the correct file.'),
  'cap.too_many_sources': folder('A CAP{n} holds at most {max} files; this folder has {count}.'),

  // --- The header and the model ---
  'cap.model_unknown': { status: 400, msg: 'Select a supported model', field: 'model_id' },
  'cap.app_name_too_long': {
    status: 400,
    msg: 'Maximum field length: {max}',
    field: 'app_name',
  },

  // --- Made CAPs ---
  'cap.not_ready': { status: 409, msg: 'The CAP is not ready yet' },

  // --- Key CAPs and the company's key sets ---
  'cap.key_source_not_allowed': {
    status: 403,
    msg: 'Your role may not make a Key CAP with this key source',
    field: 'key_source',
  },
  'cap.external_key_required': {
    status: 400,
    msg: 'Public key is required',
    field: 'signing_public_key',
  },
  'cap.external_key_invalid': {
    status: 400,
    msg: 'The public key is not an RSA public key of 2048 to 8192 bits (PEM or DER)',
    field: 'signing_public_key',
  },
  'cap.external_key_reused': {
    status: 400,
    msg: 'This public key was already used by a key set of this company',
    field: 'signing_public_key',
  },
  'cap.key_cap_not_pending': {
    status: 409,
    msg: 'This Key CAP is {status}: it cannot be confirmed',
  },
  'cap.key_cap_stale': {
    status: 409,
    msg: 'This Key CAP was made under a key set that is no longer current: make a new one',
  },
  'cap.signing_key_external': {
    status: 409,
    msg: 'Company {company} holds its ULD User signing key itself: the console cannot sign with it',
  },
} as const satisfies Record<string, ErrorDef>;
