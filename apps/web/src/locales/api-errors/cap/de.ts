import type { CAP_ERRORS } from '@tkc/contracts/api/errors-cap';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_ERRORS, string> = {
  'cap.no_source': 'Es wurde keine Quelle ausgewählt.',
  'cap.nested_folder': 'Bitte vermeiden Sie verschachtelte Ordner.',
  'cap.folder_only': 'Dieser Ordner darf nur {{kinds}}-Dateien enthalten',
  'cap.extension_missing': 'Keine Datei mit der Endung {{extension}} gefunden.',
  'cap.app_file_missing': 'Bitte fügen Sie die ausgewählte Anwendungsdatei hinzu.',
  'cap.access_control_unsupported': 'Nicht unterstützter Zugriffssteuerungstyp.',
  'cap.format_not_recognized': 'Das Dateiformat wird nicht erkannt.',
  'cap.invalid_file': 'Ungültige Datei. Bitte wählen Sie die richtige Datei aus.',
  'cap.too_many_sources':
    'Eine CAP{{n}} enthält höchstens {{max}} Dateien; dieser Ordner enthält {{count}}.',
  'cap.model_unknown': 'Wählen Sie ein unterstütztes Modell',
  'cap.app_name_too_long': 'Maximale Feldlänge: {{max}}',
  'cap.not_ready': 'Die CAP ist noch nicht fertig',
  'cap.key_source_not_allowed':
    'Ihre Rolle darf mit dieser Schlüsselquelle keine Schlüssel-CAP erstellen',
  'cap.external_key_required': 'Öffentlicher Schlüssel ist erforderlich',
  'cap.external_key_invalid':
    'Der öffentliche Schlüssel ist kein öffentlicher RSA-Schlüssel mit 2048 bis 8192 Bit (PEM oder DER)',
  'cap.external_key_reused':
    'Dieser öffentliche Schlüssel wurde bereits von einem Schlüsselsatz dieses Unternehmens verwendet',
  'cap.key_cap_not_pending': 'Diese Schlüssel-CAP ist {{status}}: Sie kann nicht bestätigt werden',
  'cap.key_cap_stale':
    'Diese Schlüssel-CAP wurde unter einem Schlüsselsatz erstellt, der nicht mehr aktuell ist: Erstellen Sie eine neue',
  'cap.signing_key_external':
    'Das Unternehmen {{company}} verwahrt seinen ULD-User-Signaturschlüssel selbst: Die Konsole kann damit nicht signieren',
};

export default texts;
