import type { ErrorDef } from './error-codes';

/** Error codes of the upload endpoint (docs/api.md#uploads); merged into API_ERRORS. */
export const UPLOAD_ERRORS = {
  /** An upload larger than its kind allows (`UPLOAD_KINDS`): `mb` and `limit` (bytes) say how large. */
  'upload.too_large': { status: 413, msg: 'The file is larger than the {mb} MB allowed' },
} as const satisfies Record<string, ErrorDef>;
