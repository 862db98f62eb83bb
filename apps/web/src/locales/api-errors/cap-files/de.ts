import type { CAP_FILE_ERRORS } from '@tkc/contracts/api/errors-cap-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_FILE_ERRORS, string> = {
  'cap.not_cap': 'Dies ist keine CAP-Datei, bitte wählen Sie eine gültige CAP-Datei aus.',
  'cap.version_unsupported': 'CAP{{n}} wird nicht unterstützt.',
  'cap.sign_block_missing': 'Signaturblock nicht gefunden.',
  'cap.truncated': 'Die CAP-Datei ist abgeschnitten: Sie endet vor Byte {{needed}}.',
  'cap.malformed': 'Die CAP-Datei ist beschädigt: {{detail}}.',
  'cap.field_out_of_bounds':
    '{{label}} muss {{min}} bis {{max}} Zeichen haben (es sind {{length}}).',
  'cap.field_unsupported': '{{label}} hat keinen Platz in {{detail}}.',
  'cap.too_many_files': 'Eine CAP{{n}} enthält höchstens {{max}} Dateien; diese enthält {{count}}.',
  'cap.file_name_unsafe': 'Der Dateiname „{{name}}“ ist nicht erlaubt: {{why}}.',
  'cap.file_name_duplicate': 'Der Dateiname „{{name}}“ kommt mehr als einmal vor.',
  'cap.file_too_large':
    'Die Datei „{{name}}“ hat {{size}} Byte; diese CAP-Version nimmt höchstens {{max}} auf.',
  'cap.file_changed': 'Die Datei „{{name}}“ hat sich geändert, während die CAP erstellt wurde.',
  'cap.signer_mismatch':
    'Die CAP ist mit einem anderen Schlüssel signiert (Fingerabdruck des Signierers {{fingerprint}}).',
  'cap.signature_invalid': 'Die Signatur der CAP ist ungültig.',
  'cap.kek_mismatch':
    'Der Schlüsselblock der CAP ist für einen anderen Schlüsselverschlüsselungsschlüssel verpackt (Fingerabdruck {{fingerprint}}).',
  'cap.key_unwrap_failed':
    'Der Schlüsselblock der CAP lässt sich mit diesem Schlüsselverschlüsselungsschlüssel nicht entpacken (falsche Unternehmensschlüssel).',
  'cap.kcv_mismatch':
    'Der entpackte Schlüssel hat nicht den Prüfwert {{expected}} des Schlüsselblocks.',
  'cap.payload_mismatch': 'Die Nutzdaten der CAP entschlüsseln sich nicht zu ihrer Dateitabelle.',
  'cap.file_digest_mismatch':
    'Der Inhalt von „{{file}}“ stimmt nicht mit seinem SHA-256-Hash überein.',
  'cap.key_set_invalid': 'Der Schlüsselsatz der Schlüssel-CAP ist ungültig: {{detail}}.',
  'cap.certificate_set_invalid': 'Die Zertifikate der Zertifikats-CAP sind ungültig: {{detail}}.',
  'tr31.malformed': 'Der TR-31-Schlüsselblock ist fehlerhaft: {{detail}}.',
  'tr31.version_unsupported':
    'TR-31-Schlüsselblockversion {{version}} wird nicht unterstützt (B und D schon).',
  'tr31.kbpk_length':
    'Ein Schlüsselblock der Version {{version}} braucht einen Schlüsselblock-Schutzschlüssel von {{allowed}} Byte, nicht {{length}}.',
  'tr31.key_length': 'Ein Schlüssel von {{length}} Byte kann nicht verpackt werden.',
  'tr31.mac_invalid':
    'Der MAC des TR-31-Schlüsselblocks ist ungültig: falscher Schlüsselblock-Schutzschlüssel, oder der Block wurde verändert.',
};

export default texts;
