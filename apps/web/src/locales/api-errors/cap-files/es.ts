import type { CAP_FILE_ERRORS } from '@tkc/contracts/api/errors-cap-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_FILE_ERRORS, string> = {
  'cap.not_cap': 'No es un archivo CAP; seleccione un archivo CAP válido.',
  'cap.version_unsupported': 'CAP{{n}} no es compatible.',
  'cap.sign_block_missing': 'No se encontró el bloque de firma.',
  'cap.truncated': 'El archivo CAP está truncado: termina antes del byte {{needed}}.',
  'cap.malformed': 'El archivo CAP está dañado: {{detail}}.',
  'cap.field_out_of_bounds':
    '{{label}} debe tener de {{min}} a {{max}} caracteres (tiene {{length}}).',
  'cap.field_unsupported': '{{label}} no tiene cabida en {{detail}}.',
  'cap.too_many_files': 'Un CAP{{n}} contiene como máximo {{max}} archivos; este tiene {{count}}.',
  'cap.file_name_unsafe': 'El nombre de archivo «{{name}}» no está permitido: {{why}}.',
  'cap.file_name_duplicate': 'El nombre de archivo «{{name}}» aparece más de una vez.',
  'cap.file_too_large':
    'El archivo «{{name}}» tiene {{size}} bytes; esta versión de CAP admite como máximo {{max}}.',
  'cap.file_changed': 'El archivo «{{name}}» cambió mientras se creaba el CAP.',
  'cap.signer_mismatch':
    'El CAP está firmado con otra clave (huella del firmante {{fingerprint}}).',
  'cap.signature_invalid': 'La firma del CAP no es válida.',
  'cap.kek_mismatch':
    'El bloque de clave del CAP está envuelto para otra clave de cifrado de claves (huella {{fingerprint}}).',
  'cap.key_unwrap_failed':
    'El bloque de clave del CAP no se desenvuelve con esta clave de cifrado de claves (claves de empresa incorrectas).',
  'cap.kcv_mismatch':
    'La clave desenvuelta no tiene el valor de comprobación {{expected}} del bloque de clave.',
  'cap.payload_mismatch': 'La carga útil del CAP no se descifra en su tabla de archivos.',
  'cap.file_digest_mismatch': 'El contenido de «{{file}}» no coincide con su resumen SHA-256.',
  'cap.key_set_invalid': 'El conjunto de claves del CAP de claves no es válido: {{detail}}.',
  'cap.certificate_set_invalid':
    'Los certificados del CAP de certificados no son válidos: {{detail}}.',
  'tr31.malformed': 'El bloque de clave TR-31 está mal formado: {{detail}}.',
  'tr31.version_unsupported':
    'La versión {{version}} del bloque de clave TR-31 no es compatible (B y D sí).',
  'tr31.kbpk_length':
    'Un bloque de clave de la versión {{version}} necesita una clave de protección de bloque de {{allowed}} bytes, no de {{length}}.',
  'tr31.key_length': 'No se puede envolver una clave de {{length}} bytes.',
  'tr31.mac_invalid':
    'El MAC del bloque de clave TR-31 no es válido: clave de protección de bloque incorrecta o bloque alterado.',
};

export default texts;
