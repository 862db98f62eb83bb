import type { CRT_ERRORS } from '@tkc/contracts/api/errors-crt';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CRT_ERRORS, string> = {
  'crt.data_failed': 'CRT-Daten konnten nicht abgerufen werden.',
  'crt.models_changed':
    'Die Modellinformationen haben sich geändert, bitte neu laden und erneut versuchen',
  'crt.sn_unknown': 'Die Seriennummer {{sn}} ist kein Terminal Ihres Unternehmens.',
  'crt.sn_model_mismatch':
    'Die Seriennummer {{sn}} ist ein Terminal vom Typ {{actual}}, nicht {{model}}.',
  'crt.sn_duplicate': 'Die Seriennummer {{sn}} ist doppelt aufgeführt.',
  'crt.group_empty': 'Ihr Unternehmen hat kein Terminal des Modells {{model}}.',
  'crt.group_too_large':
    'Eine Gruppe umfasst höchstens {{max}} Terminals; {{count}} wurden gewählt.',
  'crt.not_issued': 'Das Zertifikats-CAP ist noch nicht fertig',
  'crt.already_revoked': 'Das Zertifikat ist bereits widerrufen',
};

export default texts;
