import type { CAP_ERRORS } from '@tkc/contracts/api/errors-cap';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_ERRORS, string> = {
  'cap.no_source': 'No se ha seleccionado ningún origen.',
  'cap.nested_folder': 'Evite las carpetas anidadas.',
  'cap.folder_only': 'Esta carpeta solo debe contener archivos {{kinds}}',
  'cap.extension_missing': 'No se encuentra ningún archivo con la extensión {{extension}}.',
  'cap.app_file_missing': 'Incluya el archivo de aplicación seleccionado.',
  'cap.access_control_unsupported': 'Tipo de control de acceso no admitido.',
  'cap.format_not_recognized': 'No se reconoce el formato del archivo.',
  'cap.invalid_file': 'Archivo no válido. Seleccione el archivo correcto.',
  'cap.too_many_sources':
    'Un CAP{{n}} contiene como máximo {{max}} archivos; esta carpeta tiene {{count}}.',
  'cap.model_unknown': 'Seleccione un modelo compatible',
  'cap.app_name_too_long': 'Longitud máxima del campo: {{max}}',
  'cap.not_ready': 'El CAP aún no está listo',
  'cap.key_source_not_allowed': 'Su rol no puede crear un CAP de claves con este origen de clave',
  'cap.external_key_required': 'La clave pública es obligatoria',
  'cap.external_key_invalid':
    'La clave pública no es una clave pública RSA de 2048 a 8192 bits (PEM o DER)',
  'cap.external_key_reused': 'Un conjunto de claves de esta empresa ya usó esta clave pública',
  'cap.key_cap_not_pending': 'Este CAP de claves está {{status}}: no se puede confirmar',
  'cap.key_cap_stale':
    'Este CAP de claves se creó con un conjunto de claves que ya no es el actual: cree uno nuevo',
  'cap.signing_key_external':
    'La empresa {{company}} guarda ella misma su clave de firma de usuario ULD: la consola no puede firmar con ella',
};

export default texts;
