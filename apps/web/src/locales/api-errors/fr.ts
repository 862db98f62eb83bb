import apkFiles from './apk-files/fr';
import cap from './cap/fr';
import capFiles from './cap-files/fr';
import crt from './crt/fr';
import type { ApiErrorTexts } from './en';
import signer from './signer/fr';
import uploads from './uploads/fr';

const apiErrors: ApiErrorTexts = {
  'request.not_found': 'Introuvable',
  'request.invalid_json': "Le contenu n'est pas du JSON valide",
  'request.not_object': 'Le contenu de la requête doit être un objet JSON',
  'request.invalid': '{{field}} : {{message}}',
  'request.invalid_text':
    '{{field}} : le texte ne doit contenir ni caractère NUL ni substitut non apparié',
  'request.too_large': 'Le contenu de la requête est trop volumineux',
  'request.unsupported_type': 'Type de contenu non pris en charge',
  'request.rejected': "La requête n'est pas valide",
  'request.rate_limited': 'Trop de requêtes, veuillez réessayer plus tard',
  'server.error': 'Erreur du serveur',
  'server.unavailable': "Le serveur est en cours d'arrêt, veuillez réessayer",

  'access.no_authid': 'Aucune session (AuthId)',
  'access.session_ended': 'Veuillez vous reconnecter.',
  'access.session_idle': 'Veuillez vous reconnecter.',
  'access.no_admin_token': "Aucun jeton d'administration",
  'access.no_metrics_token': 'Aucun jeton de métriques',
  'access.forbidden': 'Interdit',

  'auth.login_incorrect': 'E-mail ou mot de passe incorrect',
  'auth.multiple_devices': "La connexion sur plusieurs appareils n'est pas autorisée",
  'auth.multiple_devices_verify':
    "La connexion sur plusieurs appareils n'est pas autorisée : saisissez le nouveau code de vérification pour déconnecter l'autre appareil",
  'auth.otp_invalid': "L'e-mail, le mot de passe ou le code fourni n'est pas valide.",
  'auth.verification_expired': "L'e-mail, le mot de passe ou le code fourni n'est pas valide.",
  'auth.invalid_email': 'E-mail non valide',
  'auth.account_locked':
    'Trop de connexions échouées : ce compte est verrouillé pendant 15 minutes',
  'auth.too_many_codes': 'Trop de codes erronés : veuillez patienter avant de réessayer',
  'auth.account_disabled': 'Ce compte a été désactivé',
  'auth.email_not_registered': "Cet e-mail n'est pas enregistré.",
  'auth.account_not_registered': "Ce compte n'est pas encore enregistré.",
  'auth.invalid_link': "Le lien a peut-être expiré ou n'a pas été saisi correctement.",
  'auth.email_registered': 'Cet e-mail est déjà enregistré, veuillez plutôt vous connecter.',
  'auth.old_password_wrong': 'L’ancien mot de passe est incorrect',
  'auth.code_invalid': 'Le code n’est pas valide',
  'auth.totp_not_pending': 'Commencez d’abord la configuration de l’authentificateur',
  'auth.totp_off': 'L’application d’authentification n’est pas activée',
  'auth.email_codes_off':
    'Les codes par e-mail sont désactivés pour ce compte : utilisez votre application d’authentification',
  'auth.too_many_password_checks':
    'Trop de tentatives de mot de passe : veuillez patienter avant de réessayer',

  'user.licence_exhausted':
    'Plus de licence {{group}} disponible pour la société {{company}} : {{used}} sur {{total}} utilisées',
  'user.cannot_remove_own_admin': "Vous ne pouvez pas retirer votre propre rôle d'administration",
  'user.cannot_disable_self': 'Vous ne pouvez pas désactiver votre propre compte',
  'user.platform_role_only':
    'Le rôle {{role}} ne peut être attribué que dans la société de la plateforme',
  'user.only_owner_grants_owner':
    'Seul un propriétaire de la plateforme peut attribuer le rôle de propriétaire',
  'user.only_admin_grants_admin':
    "Seul un administrateur de la plateforme peut attribuer le rôle d'administrateur de la plateforme",
  'invitation.role_invalid': "Le rôle « {{role}} » n'est pas valide pour la société {{company}}",
  'invitation.company_not_found': 'Société {{company}} introuvable',
  'invitation.platform_roles_only':
    'Les rôles de plateforme ne peuvent être attribués que dans la société de la plateforme',
  'invitation.already_pending': '{{email}} a déjà une invitation en attente',
  'invitation.already_user': '{{email}} a déjà un compte',
  'invitation.resend_limited':
    "Cette invitation a été envoyée trop souvent : veuillez patienter avant de l'envoyer à nouveau",

  'company.code_taken': 'Le code de société {{code}} est déjà pris',
  'company.platform_keeps_code': 'La société de la plateforme garde son code',
  'sn.no_model': "Aucun modèle pris en charge n'a de préfixe du numéro de série {{sn}}",
  'sn.in_this_company': 'Le numéro de série {{sn}} est déjà dans cette société',
  'sn.other_company': 'Le numéro de série {{sn}} appartient à une autre société',
  'sn.import_too_large': 'Le fichier dépasse {{mb}} Mo',
  'sn.import_not_csv': 'Envoyez le fichier en text/csv',
  'sn.import_line_too_long': 'La ligne {{line}} dépasse {{max}} caractères',
  'model.name_taken': 'Le modèle {{name}} existe déjà',
  'model.prefix_taken': 'Le préfixe {{prefixes}} appartient déjà à un autre modèle',

  'erase.refused': '{{message}}',
  'erase.not_reportable': 'Seul un effacement échoué peut être signalé',
  'erase.demo_off': 'Introuvable',
  ...apkFiles,
  ...capFiles,
  ...signer,
  ...cap,
  ...crt,
  ...uploads,
};

export default apiErrors;
