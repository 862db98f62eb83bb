import type { AccountBundle } from './en';

const fr: AccountBundle = {
  common: {
    cancel: 'Annuler',
    reset: 'Réinitialiser',
    copied: 'Copié',
  },
  sections: {
    label: 'Sections des paramètres du compte',
    profile: 'Profil',
    mfa: 'Authentification en deux étapes',
    password: 'Mot de passe',
    session: 'Session',
  },
  profile: {
    title: 'Profil',
    description: 'Votre nom, vos coordonnées et la façon dont la console s’adresse à vous.',
    emailFixed:
      'Votre adresse e-mail est votre identifiant de connexion ; seul un administrateur peut la modifier.',
    language: 'Langue',
    languageHint: 'Utilisée par la console et par les e-mails que nous vous envoyons.',
    digest: 'Synthèse',
    digestHint: 'À quelle fréquence les compteurs de la synthèse repartent de zéro.',
    daily: 'Quotidienne',
    weekly: 'Hebdomadaire',
    required: 'Les champs marqués * sont obligatoires.',
    save: 'Enregistrer les modifications',
    saved: 'Votre profil a été enregistré.',
  },
  password: {
    title: 'Mot de passe',
    description:
      'Changez le mot de passe avec lequel vous vous connectez. Vous restez connecté sur cet appareil.',
    old: 'Ancien mot de passe',
    hint: 'Au moins 8 caractères avec une majuscule et un chiffre ; une minuscule et un caractère spécial le renforcent. Un e-mail confirme le changement.',
    submit: 'Changer le mot de passe',
    changed: 'Votre mot de passe a été changé.',
  },
  mfa: {
    title: 'Authentification en deux étapes',
    description: 'Un second facteur protège votre compte même si votre mot de passe est connu.',
    current: 'Méthode actuelle :',
    stateNone: 'Non configurée',
    stateEmail: 'Codes par e-mail',
    stateTotp: 'Application d’authentification',
    noneOn:
      'Vous n’avez pas encore choisi de second facteur : chaque connexion envoie donc un code à {{email}}. Une application d’authentification est plus sûre.',
    emailOn: 'Chaque connexion envoie un code à 6 chiffres à {{email}}.',
    totpOn:
      'Chaque connexion demande le code à 6 chiffres de votre application d’authentification. Sans votre téléphone, utilisez l’un de vos codes de récupération.',
    promptTitle: 'Terminez la sécurisation de votre compte',
    prompt:
      'Configurez dès maintenant une application d’authentification : cela prend une minute et protège votre compte même si quelqu’un apprend votre mot de passe.',
    totpTitle: 'Application d’authentification',
    totpDescription:
      'Des codes générés sur votre téléphone par une application comme Google Authenticator, Microsoft Authenticator ou toute application TOTP. Ils fonctionnent hors ligne et ne peuvent pas être lus dans une boîte mail.',
    recommended: 'Recommandé',
    inUse: 'Utilisé',
    totpSetUp: 'Configurer l’application d’authentification',
    totpReplace: 'Configurer un nouvel authentificateur',
    totpOff: 'Désactiver l’authentificateur',
    totpDone: 'L’application d’authentification est désormais votre second facteur.',
    emailTitle: 'Codes par e-mail',
    emailDescription:
      'À chaque connexion, un code à 6 chiffres valable 5 minutes vous est envoyé par e-mail. Simple, mais aussi sûr que votre boîte mail, pas plus.',
    emailUse: 'Utiliser les codes par e-mail',
    emailSwitch: 'Passer aux codes par e-mail',
    emailDone: 'Les codes par e-mail sont désormais votre second facteur.',
    offDone: 'L’authentificateur est désactivé : les codes de connexion arrivent par e-mail.',
  },
  totp: {
    title: 'Configurez votre application d’authentification',
    step1: '1. Scannez le QR code',
    step1Body: 'Ouvrez votre application d’authentification, ajoutez un compte et scannez ce code.',
    qrAlt: 'QR code pour votre application d’authentification',
    cannotScan:
      'Impossible de le scanner ? Saisissez plutôt cette clé secrète dans l’application (basée sur le temps, 6 chiffres).',
    secret: 'Clé secrète',
    copySecret: 'Copier la clé secrète',
    onThisDevice: 'L’authentificateur est sur cet appareil ?',
    openApp: 'Ouvrir dans l’application',
    step2: '2. Saisissez le code de l’application',
    step2Body:
      'L’application affiche maintenant un code à 6 chiffres qui change toutes les 30 secondes. Saisissez-le ici.',
    appsHint: 'Gardez la clé secrète pour vous : qui la possède peut générer vos codes.',
    clockHint:
      'Un code refusé signifie souvent que l’horloge du téléphone est décalée : réglez-la en automatique.',
    codeLabel: 'Code de l’application',
    confirm: 'Vérifier et activer',
  },
  recovery: {
    title: 'Vos codes de récupération',
    once: 'Ces codes ne sont affichés que cette fois-ci. Enregistrez-les maintenant.',
    body: 'Chaque code vous connecte une fois lorsque vous n’avez pas votre authentificateur (choisissez « Utiliser plutôt un code de récupération » sur la page du code). Conservez-les en lieu sûr, loin de votre téléphone, par exemple dans un gestionnaire de mots de passe ou sur papier.',
    listLabel: 'Codes de récupération',
    copy: 'Copier les codes',
    download: 'Télécharger',
    saved: 'J’ai enregistré ces codes de récupération',
    done: 'Terminé',
    fileHeading: 'Codes de récupération Terminal Key Console pour {{email}}',
    fileCreated: 'Créés le {{time}}',
    fileNote:
      'Chaque code fonctionne une fois. Configurer un nouvel authentificateur les remplace tous.',
  },
  email: {
    title: 'Confirmer les codes par e-mail',
    sent: 'Nous avons envoyé un code à 6 chiffres à {{email}}. Saisissez-le pour confirmer.',
    codeLabel: 'Code reçu par e-mail',
    noCode: 'Pas d’e-mail ?',
    resend: 'Envoyer un nouveau code',
    resent: 'Un nouveau code a été envoyé à votre adresse e-mail.',
    confirm: 'Confirmer',
  },
  change: {
    emailTitle: 'Passer aux codes par e-mail',
    emailBody:
      'Confirmez avec le code actuel de votre application d’authentification ou avec l’un de vos codes de récupération. Vos codes de récupération cesseront de fonctionner.',
    emailConfirm: 'Passer aux codes par e-mail',
    offTitle: 'Désactiver l’authentificateur',
    offBody:
      'Confirmez avec le code actuel de votre application d’authentification ou avec l’un de vos codes de récupération. Les codes de connexion arriveront par e-mail et vos codes de récupération cesseront de fonctionner.',
    offConfirm: 'Désactiver',
    codeLabel: 'Code d’authentification ou de récupération',
    codeHint: '6 chiffres de l’application, ou un code de récupération comme k7mx2-qp9rt.',
    codeShape: 'Saisissez 6 chiffres ou un code de récupération (10 lettres et chiffres).',
  },
  session: {
    title: 'Session',
    description: 'Où vous êtes connecté en ce moment.',
    thisDevice: 'Cet appareil',
    browserOn: '{{browser}} sous {{system}}',
    unknownDevice: 'Ce navigateur',
    signedInAs: 'Connecté en tant que {{email}}',
    expires: 'La session se termine le {{time}} (votre fuseau horaire)',
    expiresUnknown: 'Fin de session inconnue',
    oneDevice:
      'Un seul appareil peut être connecté à la fois : se connecter sur un autre appareil met fin à cette session. Une minute avant la fin, la console propose de vous garder connecté.',
  },
  errors: {
    oldPasswordWrong: 'L’ancien mot de passe est incorrect',
    codeInvalid: 'Le code n’est pas valide. Vérifiez-le et réessayez.',
    totpNotPending:
      'La configuration a expiré. Recommencez la configuration de l’authentificateur.',
    tooManyCodes: 'Trop de codes erronés : veuillez patienter avant de réessayer.',
  },
  dashboard: {
    carouselLabel: 'Fonctionnalités',
    previous: 'Fonctionnalité précédente',
    next: 'Fonctionnalité suivante',
    goTo: 'Afficher la fonctionnalité {{n}} sur {{total}}',
    slide: '{{n}} sur {{total}}',
    pagination: 'Pages des fonctionnalités',
    noFeatureCardsAdmin:
      'Les cartes montrent les outils de vos rôles fonctionnels. Vos rôles d’administrateur ouvrent les outils depuis le menu.',
    noFeatureCards:
      'Aucune fonctionnalité n’est encore attribuée à votre compte. Demandez un rôle à votre administrateur.',
    eraseTitle: 'Synthèse Key Erase',
    eraseWindow: 'Opérations échouées des {{days}} derniers jours (depuis le {{date}})',
    eraseLatest: 'Dernier échec : {{sn}}, {{time}}',
    eraseNone: 'Aucune opération échouée. Bravo.',
    eraseError: 'Le nombre d’échecs n’a pas pu être chargé.',
    failed: 'Échecs',
    news: {
      title: 'Actualités',
      welcomeTitle: 'Bienvenue dans Terminal Key Console',
      welcomeBody: 'Les notes de version et les annonces du service apparaîtront ici.',
    },
  },
};

export default fr;
