import type { ErrorDef } from './error-codes';

// Refusals of Certificate CAP and Key Certificate Group (docs/crt.md). The first two texts are
// the product's own words (docs/product.md#tools); the rest are ours.

/** Error codes of Certificate CAP and Key Certificate Group; merged into API_ERRORS. */
export const CRT_ERRORS = {
  'crt.data_failed': { status: 500, msg: 'CRT Data failed to retrieve.' },
  'crt.models_changed': {
    status: 409,
    msg: 'Model info is received, please refresh and try again',
    field: 'model_id',
  },
  'crt.sn_unknown': {
    status: 400,
    msg: 'Serial number {sn} is not a terminal of your company.',
    field: 'sns',
  },
  'crt.sn_model_mismatch': {
    status: 400,
    msg: 'Serial number {sn} is a {actual} terminal, not {model}.',
    field: 'sns',
  },
  'crt.sn_duplicate': { status: 400, msg: 'Serial number {sn} is listed twice.', field: 'sns' },
  'crt.group_empty': {
    status: 400,
    msg: 'Your company has no terminal of model {model}.',
    field: 'model_id',
  },
  'crt.group_too_large': {
    status: 400,
    msg: 'A group holds at most {max} terminals; {count} were chosen.',
    field: 'sns',
  },
  'crt.not_issued': { status: 409, msg: 'The certificate CAP is not ready' },
  'crt.already_revoked': { status: 409, msg: 'The certificate is already revoked' },
} as const satisfies Record<string, ErrorDef>;
