import type { CRT_ERRORS } from '@tkc/contracts/api/errors-crt';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CRT_ERRORS, string> = {
  'crt.data_failed': 'CRT Data failed to retrieve.',
  'crt.models_changed': 'Model info is received, please refresh and try again',
  'crt.sn_unknown': 'Serial number {{sn}} is not a terminal of your company.',
  'crt.sn_model_mismatch': 'Serial number {{sn}} is a {{actual}} terminal, not {{model}}.',
  'crt.sn_duplicate': 'Serial number {{sn}} is listed twice.',
  'crt.group_empty': 'Your company has no terminal of model {{model}}.',
  'crt.group_too_large': 'A group holds at most {{max}} terminals; {{count}} were chosen.',
  'crt.not_issued': 'The certificate CAP is not ready',
  'crt.already_revoked': 'The certificate is already revoked',
};

export default texts;
