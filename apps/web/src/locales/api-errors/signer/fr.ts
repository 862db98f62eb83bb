import type { SIGNER_ERRORS } from '@tkc/contracts/api/errors-signer';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof SIGNER_ERRORS, string> = {
  'signer.no_source': "Aucune source n'a été sélectionnée.",
  'signer.format_not_recognized': "Le format du fichier n'est pas reconnu.",
  'signer.invalid_file': 'Fichier non valide. Veuillez sélectionner le bon fichier.',
  'signer.file_name_length':
    'Le nom du fichier APK doit compter de {{min}} à {{max}} caractères (il en compte {{length}}).',
  'signer.digest_mismatch':
    'Le fichier a été modifié en chemin : le serveur a calculé le SHA-256 {{server}}, votre navigateur {{client}}. Veuillez le téléverser à nouveau.',
  'signer.file_too_large': 'Le fichier fait {{size}} octets ; {{limit}} au maximum sont acceptés.',
  'signer.no_signing_key': "Aucune clé de signature pour l'entreprise {{company}}",
  'signer.not_signed': "Le fichier signé n'est pas encore prêt",
  'signer.key_exists':
    "L'entreprise {{company}} a déjà une clé de signature : confirmez pour la remplacer",
  'signer.key_unreadable': 'La clé ou le certificat est illisible : {{detail}}',
  'signer.key_password': "Le mot de passe n'ouvre pas le fichier de clé",
  'signer.key_file_too_large': 'Le fichier de clé dépasse les {{kb}} Ko autorisés',
  'signer.key_mismatch': "La clé privée n'appartient pas au certificat",
  'signer.key_unsupported':
    'Clé non prise en charge : {{detail}}. Utilisez RSA (2048 bits ou plus) ou ECDSA P-256.',
  'approval.own_request': 'Vous ne pouvez ni approuver ni refuser votre propre demande',
  'approval.not_pending': 'Cette demande a déjà été traitée',
};

export default texts;
