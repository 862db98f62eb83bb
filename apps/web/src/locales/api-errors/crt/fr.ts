import type { CRT_ERRORS } from '@tkc/contracts/api/errors-crt';

/** A part of the 'apiErrors' namespace (see ../en.ts): this tool's error codes. */
const texts: Record<keyof typeof CRT_ERRORS, string> = {
  'crt.data_failed': 'Impossible de récupérer les données CRT.',
  'crt.models_changed': 'Les informations de modèle ont changé, veuillez actualiser et réessayer',
  'crt.sn_unknown': "Le numéro de série {{sn}} n'est pas un terminal de votre entreprise.",
  'crt.sn_model_mismatch': 'Le numéro de série {{sn}} est un terminal {{actual}}, pas {{model}}.',
  'crt.sn_duplicate': 'Le numéro de série {{sn}} figure deux fois.',
  'crt.group_empty': "Votre entreprise n'a aucun terminal du modèle {{model}}.",
  'crt.group_too_large':
    'Un groupe contient au plus {{max}} terminaux ; {{count}} ont été choisis.',
  'crt.not_issued': "Le CAP de certificat n'est pas prêt",
  'crt.already_revoked': 'Le certificat est déjà révoqué',
};

export default texts;
