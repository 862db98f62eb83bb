import type { APK_FILE_ERRORS } from '@tkc/contracts/api/errors-apk-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof APK_FILE_ERRORS, string> = {
  'file.not_apk': 'Keine APK-Datei. Bitte wählen Sie erneut eine Datei im richtigen Format aus',
  'file.apk_info_missing': 'Informationen nicht gefunden: Version, Paket',
  'zip.truncated':
    'Die ZIP-Datei ist abgeschnitten: Sie endet früher, als ihre eigenen Einträge angeben.',
  'zip.central_directory_broken': 'Die ZIP-Struktur ist beschädigt: {{detail}}.',
  'zip.zip64_unsupported':
    'ZIP64-Archive (über 4 GiB oder 65.535 Einträge) werden nicht unterstützt.',
  'zip.multi_disk_unsupported':
    'Auf mehrere Datenträger verteilte ZIP-Archive werden nicht unterstützt.',
  'zip.too_many_entries':
    'Die ZIP-Datei enthält {{count}} Einträge; höchstens {{limit}} werden angenommen.',
  'zip.duplicate_entry': 'Die ZIP-Datei enthält zwei Einträge mit dem Namen „{{name}}“.',
  'zip.unsafe_entry_name': 'Die ZIP-Datei enthält einen Eintrag mit unsicherem Namen: „{{name}}“.',
  'zip.encrypted_entry': 'Die ZIP-Datei enthält einen verschlüsselten Eintrag: „{{name}}“.',
  'zip.unsupported_compression':
    'Der Eintrag „{{name}}“ verwendet die Kompressionsmethode {{method}}; unterstützt werden nur „stored“ (0) und „deflate“ (8).',
  'zip.entry_too_large':
    'Der Eintrag „{{name}}“ gibt unkomprimiert {{size}} Byte an; höchstens {{limit}} werden angenommen.',
  'zip.total_too_large':
    'Die Einträge der ZIP-Datei geben zusammen mehr als {{limit}} Byte unkomprimiert an.',
  'zip.compression_ratio_too_high':
    'Der Eintrag „{{name}}“ würde auf das {{ratio}}-Fache seiner komprimierten Größe anwachsen; höchstens das {{limit}}-Fache wird angenommen.',
  'zip.overlapping_entries':
    'Die Einträge „{{first}}“ und „{{second}}“ überlappen sich in der Datei.',
  'zip.entry_size_mismatch':
    'Der Eintrag „{{name}}“ entpackt zu {{detail}} Byte, die sein Header angibt.',
  'zip.entry_corrupt': 'Der Eintrag „{{name}}“ ist beschädigt: {{detail}}.',
  'apk.manifest_malformed':
    'AndroidManifest.xml ist kein gültiges binäres Android-XML: {{detail}}.',
  'apk.entry_too_large_to_read':
    'Der Eintrag „{{name}}“ gibt {{size}} Byte an; höchstens {{limit}} werden gelesen.',
  'apk.signing_block_malformed': 'Der APK Signing Block ist fehlerhaft: {{detail}}.',
  'apk.signature_too_large': 'Die Signaturdaten der APK sind größer als {{limit}} Byte.',
  'apk.v1_signature_malformed': 'Die JAR-Signaturdatei (v1) „{{name}}“ kann nicht gelesen werden.',
  'apk.certificate_malformed': 'Ein Signaturzertifikat kann nicht gelesen werden.',
  'apk.v1_ecdsa_needs_min_sdk_18':
    'Eine JAR-Signatur (v1) mit einem ECDSA-Schlüssel erfordert minSdkVersion 18 oder höher; diese APK gibt {{minSdkVersion}} an.',
};

export default texts;
