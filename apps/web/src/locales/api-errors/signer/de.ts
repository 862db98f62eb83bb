import type { SIGNER_ERRORS } from '@tkc/contracts/api/errors-signer';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof SIGNER_ERRORS, string> = {
  'signer.no_source': 'Es wurde keine Quelle ausgewählt.',
  'signer.format_not_recognized': 'Das Dateiformat wird nicht erkannt.',
  'signer.invalid_file': 'Ungültige Datei. Bitte wählen Sie die richtige Datei aus.',
  'signer.file_name_length':
    'Der Name der APK-Datei muss {{min}} bis {{max}} Zeichen haben (er hat {{length}}).',
  'signer.digest_mismatch':
    'Die Datei wurde unterwegs verändert: Der Server hat SHA-256 {{server}} berechnet, Ihr Browser {{client}}. Bitte laden Sie sie erneut hoch.',
  'signer.file_too_large': 'Die Datei hat {{size}} Byte; höchstens {{limit}} werden angenommen.',
  'signer.no_signing_key': 'Kein Signaturschlüssel für die Firma {{company}}',
  'signer.not_signed': 'Die signierte Datei ist noch nicht fertig',
  'signer.key_exists':
    'Die Firma {{company}} hat bereits einen Signaturschlüssel: Bestätigen Sie, um ihn zu ersetzen',
  'signer.key_unreadable':
    'Der Schlüssel oder das Zertifikat kann nicht gelesen werden: {{detail}}',
  'signer.key_password': 'Das Passwort öffnet die Schlüsseldatei nicht',
  'signer.key_file_too_large': 'Die Schlüsseldatei ist größer als die erlaubten {{kb}} KB',
  'signer.key_mismatch': 'Der private Schlüssel gehört nicht zum Zertifikat',
  'signer.key_unsupported':
    'Nicht unterstützter Schlüssel: {{detail}}. Verwenden Sie RSA (ab 2048 Bit) oder ECDSA P-256.',
  'approval.own_request': 'Sie können Ihre eigene Anfrage weder genehmigen noch ablehnen',
  'approval.not_pending': 'Über diese Anfrage wurde bereits entschieden',
};

export default texts;
