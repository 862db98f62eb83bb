import type { APK_FILE_ERRORS } from '@tkc/contracts/api/errors-apk-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof APK_FILE_ERRORS, string> = {
  'file.not_apk': 'No es un archivo APK. Vuelva a seleccionar un archivo con el formato correcto',
  'file.apk_info_missing': 'Información no encontrada: versión, paquete',
  'zip.truncated':
    'El archivo ZIP está truncado: termina antes de lo que indican sus propios registros.',
  'zip.central_directory_broken': 'La estructura del ZIP está dañada: {{detail}}.',
  'zip.zip64_unsupported':
    'Los archivos ZIP64 (más de 4 GiB o 65.535 entradas) no son compatibles.',
  'zip.multi_disk_unsupported': 'Los archivos ZIP divididos en varios discos no son compatibles.',
  'zip.too_many_entries': 'El ZIP contiene {{count}} entradas; se aceptan como máximo {{limit}}.',
  'zip.duplicate_entry': 'El ZIP contiene dos entradas llamadas «{{name}}».',
  'zip.unsafe_entry_name': 'El ZIP contiene una entrada con un nombre no seguro: «{{name}}».',
  'zip.encrypted_entry': 'El ZIP contiene una entrada cifrada: «{{name}}».',
  'zip.unsupported_compression':
    'La entrada «{{name}}» usa el método de compresión {{method}}; solo se admiten «stored» (0) y «deflate» (8).',
  'zip.entry_too_large':
    'La entrada «{{name}}» declara {{size}} bytes sin comprimir; se aceptan como máximo {{limit}}.',
  'zip.total_too_large':
    'Las entradas del ZIP declaran en total más de {{limit}} bytes sin comprimir.',
  'zip.compression_ratio_too_high':
    'La entrada «{{name}}» se expandiría a {{ratio}} veces su tamaño comprimido; se acepta como máximo {{limit}} veces.',
  'zip.overlapping_entries': 'Las entradas «{{first}}» y «{{second}}» se solapan en el archivo.',
  'zip.entry_size_mismatch':
    'La entrada «{{name}}» se descomprime en {{detail}} bytes que declara su cabecera.',
  'zip.entry_corrupt': 'La entrada «{{name}}» está dañada: {{detail}}.',
  'apk.manifest_malformed':
    'AndroidManifest.xml no es un XML binario de Android válido: {{detail}}.',
  'apk.entry_too_large_to_read':
    'La entrada «{{name}}» declara {{size}} bytes; se leen como máximo {{limit}}.',
  'apk.signing_block_malformed': 'El APK Signing Block está mal formado: {{detail}}.',
  'apk.signature_too_large': 'Los datos de firma del APK superan los {{limit}} bytes.',
  'apk.v1_signature_malformed': 'No se puede leer el archivo de firma JAR (v1) «{{name}}».',
  'apk.certificate_malformed': 'No se puede leer un certificado de firma.',
  'apk.v1_ecdsa_needs_min_sdk_18':
    'La firma JAR (v1) con una clave ECDSA requiere minSdkVersion 18 o superior; este APK declara {{minSdkVersion}}.',
};

export default texts;
