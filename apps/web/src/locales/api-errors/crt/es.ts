import type { CRT_ERRORS } from '@tkc/contracts/api/errors-crt';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CRT_ERRORS, string> = {
  'crt.data_failed': 'No se pudieron obtener los datos CRT.',
  'crt.models_changed':
    'La información de modelos ha cambiado; actualice la página e inténtelo de nuevo',
  'crt.sn_unknown': 'El número de serie {{sn}} no es un terminal de su empresa.',
  'crt.sn_model_mismatch': 'El número de serie {{sn}} es un terminal {{actual}}, no {{model}}.',
  'crt.sn_duplicate': 'El número de serie {{sn}} aparece dos veces.',
  'crt.group_empty': 'Su empresa no tiene ningún terminal del modelo {{model}}.',
  'crt.group_too_large': 'Un grupo admite como máximo {{max}} terminales; se eligieron {{count}}.',
  'crt.not_issued': 'El CAP de certificado aún no está listo',
  'crt.already_revoked': 'El certificado ya está revocado',
};

export default texts;
