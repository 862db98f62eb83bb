import type { SIGNER_ERRORS } from '@tkc/contracts/api/errors-signer';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof SIGNER_ERRORS, string> = {
  'signer.no_source': 'No se ha seleccionado ningún origen.',
  'signer.format_not_recognized': 'No se reconoce el formato del archivo.',
  'signer.invalid_file': 'Archivo no válido. Seleccione el archivo correcto.',
  'signer.file_name_length':
    'El nombre del archivo APK debe tener entre {{min}} y {{max}} caracteres (tiene {{length}}).',
  'signer.digest_mismatch':
    'El archivo cambió por el camino: el servidor calculó el SHA-256 {{server}} y su navegador {{client}}. Vuelva a subirlo.',
  'signer.file_too_large': 'El archivo tiene {{size}} bytes; se aceptan como máximo {{limit}}.',
  'signer.no_signing_key': 'No hay clave de firma para la empresa {{company}}',
  'signer.not_signed': 'El archivo firmado aún no está listo',
  'signer.key_exists':
    'La empresa {{company}} ya tiene una clave de firma: confirme para sustituirla',
  'signer.key_unreadable': 'No se puede leer la clave o el certificado: {{detail}}',
  'signer.key_password': 'La contraseña no abre el archivo de clave',
  'signer.key_file_too_large': 'El archivo de clave supera los {{kb}} KB permitidos',
  'signer.key_mismatch': 'La clave privada no corresponde al certificado',
  'signer.key_unsupported':
    'Clave no compatible: {{detail}}. Use RSA (2048 bits o más) o ECDSA P-256.',
  'approval.own_request': 'No puede aprobar ni rechazar su propia solicitud',
  'approval.not_pending': 'Esta solicitud ya se ha resuelto',
};

export default texts;
