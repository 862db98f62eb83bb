import type { CAP_ERRORS } from '@tkc/contracts/api/errors-cap';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CAP_ERRORS, string> = {
  'cap.no_source': "Aucune source n'a été sélectionnée.",
  'cap.nested_folder': 'Veuillez éviter les dossiers imbriqués.',
  'cap.folder_only': 'Ce dossier ne doit contenir que des fichiers {{kinds}}',
  'cap.extension_missing': "Aucun fichier avec l'extension {{extension}} n'a été trouvé.",
  'cap.app_file_missing': "Veuillez inclure le fichier d'application sélectionné.",
  'cap.access_control_unsupported': "Type de contrôle d'accès non pris en charge.",
  'cap.format_not_recognized': "Le format du fichier n'est pas reconnu.",
  'cap.invalid_file': 'Fichier non valide. Veuillez sélectionner le bon fichier.',
  'cap.too_many_sources':
    'Un CAP{{n}} contient au plus {{max}} fichiers ; ce dossier en contient {{count}}.',
  'cap.model_unknown': 'Sélectionnez un modèle pris en charge',
  'cap.app_name_too_long': 'Longueur maximale du champ : {{max}}',
  'cap.not_ready': "Le CAP n'est pas encore prêt",
  'cap.key_source_not_allowed':
    'Votre rôle ne permet pas de créer un CAP de clés avec cette source de clé',
  'cap.external_key_required': 'La clé publique est obligatoire',
  'cap.external_key_invalid':
    "La clé publique n'est pas une clé publique RSA de 2048 à 8192 bits (PEM ou DER)",
  'cap.external_key_reused':
    'Cette clé publique a déjà été utilisée par un jeu de clés de cette entreprise',
  'cap.key_cap_not_pending': 'Ce CAP de clés est {{status}} : il ne peut pas être confirmé',
  'cap.key_cap_stale':
    "Ce CAP de clés a été créé avec un jeu de clés qui n'est plus le jeu actuel : créez-en un nouveau",
  'cap.signing_key_external':
    "L'entreprise {{company}} conserve elle-même sa clé de signature utilisateur ULD : la console ne peut pas signer avec elle",
};

export default texts;
