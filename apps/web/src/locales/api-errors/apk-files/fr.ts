import type { APK_FILE_ERRORS } from '@tkc/contracts/api/errors-apk-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof APK_FILE_ERRORS, string> = {
  'file.not_apk':
    "Ce n'est pas un fichier APK. Veuillez sélectionner à nouveau un fichier au bon format",
  'file.apk_info_missing': 'Informations introuvables : version, paquet',
  'zip.truncated':
    'Le fichier ZIP est tronqué : il se termine avant ce que ses propres enregistrements annoncent.',
  'zip.central_directory_broken': 'La structure du ZIP est endommagée : {{detail}}.',
  'zip.zip64_unsupported':
    'Les archives ZIP64 (plus de 4 Gio ou 65 535 entrées) ne sont pas prises en charge.',
  'zip.multi_disk_unsupported':
    'Les archives ZIP réparties sur plusieurs disques ne sont pas prises en charge.',
  'zip.too_many_entries':
    'Le ZIP contient {{count}} entrées ; {{limit}} au maximum sont acceptées.',
  'zip.duplicate_entry': 'Le ZIP contient deux entrées nommées « {{name}} ».',
  'zip.unsafe_entry_name': 'Le ZIP contient une entrée au nom dangereux : « {{name}} ».',
  'zip.encrypted_entry': 'Le ZIP contient une entrée chiffrée : « {{name}} ».',
  'zip.unsupported_compression':
    "L'entrée « {{name}} » utilise la méthode de compression {{method}} ; seules « stored » (0) et « deflate » (8) sont prises en charge.",
  'zip.entry_too_large':
    "L'entrée « {{name}} » déclare {{size}} octets non compressés ; {{limit}} au maximum sont acceptés.",
  'zip.total_too_large':
    'Les entrées du ZIP déclarent au total plus de {{limit}} octets non compressés.',
  'zip.compression_ratio_too_high':
    "L'entrée « {{name}} » se décompresserait à {{ratio}} fois sa taille compressée ; {{limit}} fois au maximum est accepté.",
  'zip.overlapping_entries':
    'Les entrées « {{first}} » et « {{second}} » se chevauchent dans le fichier.',
  'zip.entry_size_mismatch':
    "L'entrée « {{name}} » se décompresse en {{detail}} octets que déclare son en-tête.",
  'zip.entry_corrupt': "L'entrée « {{name}} » est endommagée : {{detail}}.",
  'apk.manifest_malformed':
    "AndroidManifest.xml n'est pas un XML binaire Android valide : {{detail}}.",
  'apk.entry_too_large_to_read':
    "L'entrée « {{name}} » déclare {{size}} octets ; {{limit}} au maximum sont lus.",
  'apk.signing_block_malformed': "L'APK Signing Block est mal formé : {{detail}}.",
  'apk.signature_too_large': "Les données de signature de l'APK dépassent {{limit}} octets.",
  'apk.v1_signature_malformed': 'Le fichier de signature JAR (v1) « {{name}} » est illisible.',
  'apk.certificate_malformed': 'Un certificat de signature est illisible.',
  'apk.v1_ecdsa_needs_min_sdk_18':
    'Une signature JAR (v1) avec une clé ECDSA exige minSdkVersion 18 ou plus ; cet APK déclare {{minSdkVersion}}.',
};

export default texts;
