import type { CAP_FILE_ERRORS } from '@tkc/contracts/api/errors-cap-files';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_FILE_ERRORS, string> = {
  'cap.not_cap': "Ce n'est pas un fichier CAP, veuillez sélectionner un fichier CAP valide.",
  'cap.version_unsupported': "CAP{{n}} n'est pas pris en charge.",
  'cap.sign_block_missing': 'Bloc de signature introuvable.',
  'cap.truncated': "Le fichier CAP est tronqué : il se termine avant l'octet {{needed}}.",
  'cap.malformed': 'Le fichier CAP est endommagé : {{detail}}.',
  'cap.field_out_of_bounds':
    '{{label}} doit comporter de {{min}} à {{max}} caractères (il en a {{length}}).',
  'cap.field_unsupported': "{{label}} n'a pas sa place dans {{detail}}.",
  'cap.too_many_files': 'Un CAP{{n}} contient au plus {{max}} fichiers ; celui-ci en a {{count}}.',
  'cap.file_name_unsafe': "Le nom de fichier « {{name}} » n'est pas autorisé : {{why}}.",
  'cap.file_name_duplicate': "Le nom de fichier « {{name}} » apparaît plus d'une fois.",
  'cap.file_too_large':
    'Le fichier « {{name}} » fait {{size}} octets ; cette version de CAP en accepte au plus {{max}}.',
  'cap.file_changed': 'Le fichier « {{name}} » a changé pendant la création du CAP.',
  'cap.signer_mismatch':
    'Le CAP est signé avec une autre clé (empreinte du signataire {{fingerprint}}).',
  'cap.signature_invalid': "La signature du CAP n'est pas valide.",
  'cap.kek_mismatch':
    'Le bloc de clé du CAP est chiffré pour une autre clé de chiffrement de clés (empreinte {{fingerprint}}).',
  'cap.key_unwrap_failed':
    "Le bloc de clé du CAP ne se déchiffre pas avec cette clé de chiffrement de clés (mauvaises clés d'entreprise).",
  'cap.kcv_mismatch':
    "La clé déchiffrée n'a pas la valeur de contrôle {{expected}} du bloc de clé.",
  'cap.payload_mismatch': 'La charge utile du CAP ne se déchiffre pas en sa table des fichiers.',
  'cap.file_digest_mismatch':
    'Le contenu de « {{file}} » ne correspond pas à son empreinte SHA-256.',
  'cap.key_set_invalid': "Le jeu de clés du CAP de clés n'est pas valide : {{detail}}.",
  'cap.certificate_set_invalid':
    'Les certificats du CAP de certificats ne sont pas valides : {{detail}}.',
  'tr31.malformed': 'Le bloc de clé TR-31 est mal formé : {{detail}}.',
  'tr31.version_unsupported':
    "La version {{version}} de bloc de clé TR-31 n'est pas prise en charge (B et D le sont).",
  'tr31.kbpk_length':
    'Un bloc de clé de version {{version}} exige une clé de protection de bloc de {{allowed}} octets, pas {{length}}.',
  'tr31.key_length': 'Une clé de {{length}} octets ne peut pas être chiffrée.',
  'tr31.mac_invalid':
    "Le MAC du bloc de clé TR-31 n'est pas valide : mauvaise clé de protection de bloc, ou bloc modifié.",
};

export default texts;
