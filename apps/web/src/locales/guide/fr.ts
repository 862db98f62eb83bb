import type { GuideBundle } from './en';

const fr: GuideBundle = {
  intro:
    'Comment utiliser chaque partie de Terminal Key Console, en quelques étapes. Les parties marquées « Bientôt » ne sont pas encore disponibles. Votre administrateur décide des parties que vous pouvez ouvrir.',
  contents: 'Sommaire',
  search: 'Rechercher dans le guide',
  noMatch: 'Aucun sujet ne correspond à votre recherche.',
  who: 'Pour qui :',
  steps: 'Pas à pas',
  planned: 'Ce que cela fera',
  tips: 'Bon à savoir',
  example: 'Exemple',
  coming: 'Bientôt',
  topics: {
    signIn: {
      title: 'Connexion et second facteur',
      who: 'Tout le monde. Les comptes sont créés uniquement sur invitation.',
      summary:
        'Vous vous connectez avec votre adresse e-mail, votre mot de passe et un second facteur : le code à 6 chiffres d’une application d’authentification, ou un code à 6 chiffres reçu par e-mail.',
      steps: [
        'Saisissez votre adresse e-mail et votre mot de passe, puis cliquez sur Continuer.',
        'Choisissez comment confirmer votre identité : Application d’authentification (le code affiché à cet instant par votre application) ou E-mail (un code vous est envoyé aussitôt, valable 5 minutes).',
        'Tapez les 6 chiffres. La console continue d’elle-même après le sixième.',
        'Sans votre téléphone, choisissez « Utiliser plutôt un code de récupération » sur la page du code et tapez l’un de vos codes de récupération enregistrés. Chaque code de récupération fonctionne une fois.',
      ],
      tips: [
        'La page du code se ferme après 5 minutes sans code : reconnectez-vous pour en obtenir un nouveau.',
        'Un seul appareil peut être connecté à la fois. Si vous êtes connecté ailleurs, la console demande un nouveau code puis déconnecte l’autre appareil (« Déconnecter l’autre appareil »).',
        'Mot de passe oublié ? Utilisez « Mot de passe oublié ? » sur la page de connexion. Le lien de l’e-mail est valable 1 heure.',
        'Dix mots de passe erronés d’affilée bloquent le compte pendant 15 minutes.',
        'Une session dure une heure. Une minute avant la fin, la console demande si vous voulez rester connecté (« Rester connecté »).',
      ],
    },
    account: {
      title: 'Paramètres du compte et authentification en deux étapes',
      who: 'Tout le monde, chacun pour son propre compte.',
      summary:
        'Les paramètres du compte (menu utilisateur, ou « Compte et paramètres » dans le menu latéral) regroupent votre profil, votre second facteur, votre mot de passe et votre session.',
      steps: [
        'Profil : modifiez vos nom et prénom, téléphone, fuseau horaire, adresse, la langue de la console et de vos e-mails, et la fréquence de votre synthèse (quotidienne ou hebdomadaire). Cliquez sur « Enregistrer les modifications ».',
        'Application d’authentification (recommandée) : dans Authentification en deux étapes, cliquez sur « Configurer l’application d’authentification », scannez le QR code avec votre application (ou saisissez la clé secrète affichée dessous), puis saisissez le code à 6 chiffres affiché par l’application.',
        'Enregistrez les 10 codes de récupération qui s’affichent : copiez-les ou téléchargez-les et gardez-les loin de votre téléphone. Ils ne sont affichés qu’une fois. Cochez « J’ai enregistré ces codes de récupération » et cliquez sur Terminé.',
        'Pour passer aux codes par e-mail ou désactiver l’authentificateur, confirmez avec un code de l’application ou un code de récupération.',
        'Mot de passe : saisissez votre ancien mot de passe puis deux fois le nouveau. Le nouveau doit compter au moins 8 caractères, une majuscule et un chiffre ; la jauge compte aussi une minuscule et un caractère spécial.',
        'Session : voyez jusqu’à quand vous êtes connecté sur cet appareil, et déconnectez-vous.',
      ],
      tips: [
        'Chaque changement de mot de passe ou de second facteur est confirmé par e-mail. Si vous n’êtes pas à l’origine du changement, prévenez immédiatement votre administrateur.',
        'Configurer un nouvel authentificateur remplace l’ancien et tous vos codes de récupération.',
        'Un code refusé signifie souvent que l’horloge du téléphone est décalée : réglez l’heure en automatique.',
      ],
    },
    keyErase: {
      title: 'Effacement de clé (Key Erase), pas à pas',
      who: 'Les utilisateurs ayant le rôle Key Erase effectuent les effacements ; les administrateurs d’entreprise et de plateforme consultent le journal.',
      summary:
        'Key Erase ramène la clé personnalisée d’un terminal à sa clé d’origine (ULD par défaut). Le terminal est relié à votre ordinateur par un câble série USB et la console dialogue avec lui depuis le navigateur.',
      steps: [
        'Utilisez Chrome ou Edge sur un ordinateur : la console a besoin de Web Serial, que les autres navigateurs ne proposent pas.',
        'Passez le terminal en mode SULD (voir « Comment activer le mode SULD ») et branchez-le avec le câble série USB.',
        'Ouvrez « Effacement de clé », lancez l’effacement et choisissez le port du terminal quand le navigateur le demande.',
        'La console lit le numéro de série (SN) et un défi aléatoire (RN) du terminal, demande au serveur d’autoriser ce terminal, le réinitialise et efface la clé personnalisée.',
        'Attendez le résultat sans débrancher le câble. Un succès signifie que le terminal a retrouvé sa clé d’origine.',
        'Chaque opération, réussie ou non, est enregistrée avec son statut dans le journal Key Erase.',
      ],
      tips: [
        'Le numéro de série doit être enregistré au nom de votre entreprise et son préfixe appartenir à un modèle pris en charge ; sinon le serveur refuse (« 403 Not Allowed Action » ou « Unsupported Model »).',
        'Une opération échouée indique sa cause et, quand c’est utile, un lien vers la question correspondante ci-dessous.',
        'Depuis le journal, vous pouvez signaler une opération échouée au support avec une note.',
        'Le bouton « Échecs » du tableau de bord compte les opérations échouées des 30 derniers jours et ouvre le journal.',
      ],
    },
    enableSuld: {
      title: 'Comment activer le mode SULD',
      who: 'Quiconque effectue un effacement de clé.',
      summary:
        'En mode SULD (secure user loader), le terminal accepte les commandes du chargeur par le câble série. Hors de ce mode, il répond SULD_NOT_ENABLED à chaque commande et l’opération se termine par « SULD Mode is not enabled (Terminal Respond) ».',
      steps: [
        'Branchez le terminal sur secteur et éteignez-le.',
        'Démarrez-le dans son menu de maintenance (système). La touche à maintenir à l’allumage dépend du modèle : voir le manuel du modèle.',
        'Saisissez le mot de passe de maintenance si demandé, ouvrez les réglages du chargeur et activez le mode SULD.',
        'Laissez le terminal sur l’écran du chargeur, branchez le câble série USB et lancez l’effacement.',
      ],
      tips: [
        '« Failed Initiation (Terminal Connected) » signifie souvent que le terminal n’est pas en mode SULD ou qu’un autre programme occupe le port série : fermez les autres outils série et réessayez.',
        '« Failed Initiation (Terminal Not Selected) » signifie qu’aucun port n’a été choisi dans la fenêtre du navigateur.',
      ],
    },
    findSerialNumber: {
      title: 'Comment trouver le numéro de série dans le terminal',
      who: 'Quiconque effectue un effacement de clé ou gère les numéros de série.',
      summary:
        'La console lit le numéro de série du terminal pendant l’effacement. Pour le comparer à vos registres, trouvez-le sur l’appareil.',
      steps: [
        'Regardez l’étiquette au dos du terminal ou sous le couvercle de la batterie : le numéro de série suit « S/N ».',
        'Ou ouvrez l’écran d’informations système du menu de maintenance du terminal.',
        'Si une opération se termine par « Serial Number is Empty » ou « Get SN Failed », le terminal ne l’a pas transmis : vérifiez le câble et le mode SULD, puis réessayez.',
      ],
      tips: [
        'Recopiez le numéro exactement tel qu’il est imprimé ; la console ne distingue pas majuscules et minuscules.',
      ],
    },
    checkSerialNumber: {
      title: 'Comment vérifier que le numéro de série est valide',
      who: 'Quiconque effectue un effacement de clé ; les administrateurs pour l’enregistrement.',
      summary: 'Un terminal ne peut être effacé que si son numéro de série passe trois contrôles.',
      steps: [
        'Il compte de 4 à 32 lettres ou chiffres, sans espace ni tiret.',
        'Ses premiers caractères (le préfixe) appartiennent à un modèle pris en charge : voir Modèles.',
        'Il est enregistré au nom de votre entreprise : les administrateurs le trouvent sous Entreprise, Numéros de série.',
      ],
      tips: [
        'Si l’étiquette et le numéro transmis par le terminal diffèrent, envoyez les deux au support avec le signalement de l’opération échouée.',
      ],
    },
    users: {
      title: 'Utilisateurs, invitations et licences',
      who: 'Les administrateurs d’entreprise pour leur entreprise ; les administrateurs de plateforme pour toutes.',
      summary:
        'Utilisateurs (menu latéral) liste les utilisateurs de votre entreprise et les invitations pas encore acceptées. Les comptes ne naissent que d’invitations.',
      steps: [
        'Cliquez sur Inviter, saisissez l’adresse e-mail et choisissez les rôles : au plus un rôle par fonctionnalité (CAP Maker : Manager, Advanced ou User ; Signature : Manager ou User ; Certificat : Manager ou User ; Key Erase).',
        'La personne reçoit un e-mail avec un lien valable 7 jours, complète le compte (nom et prénom, mot de passe, fuseau horaire, téléphone) et accepte les conditions.',
        'Les invitations en attente et expirées apparaissent dans la liste : renvoyez-les ou retirez-les depuis celle-ci.',
        'Ouvrez un utilisateur pour changer ses rôles ou désactiver le compte ; un utilisateur désactivé ne peut pas se connecter.',
      ],
      tips: [
        'Les licences comptent des places par fonctionnalité (CAP Maker, Signature, Certificat, Key Erase) : chaque utilisateur ayant un rôle de la fonctionnalité et chaque invitation en attente qui en donnerait un occupe une place. Quand toutes sont prises, demandez-en davantage à votre administrateur de plateforme.',
        'Seul le propriétaire de la plateforme peut créer ou modifier des comptes de propriétaire de la plateforme.',
      ],
    },
    companies: {
      title: 'Entreprises et numéros de série',
      who: 'Administrateurs de plateforme.',
      summary:
        'Une entreprise a un code, un nom, un niveau d’essai ou de production et des licences par fonctionnalité. Le numéro de série de chaque terminal appartient à une seule entreprise.',
      steps: [
        'Entreprise, Vue d’ensemble : créez une entreprise, ou ouvrez-en une pour modifier son nom, son niveau et ses licences.',
        'Entreprise, Numéros de série : choisissez l’entreprise, puis ajoutez des numéros un par un ou importez un fichier CSV.',
        'Le fichier CSV contient un numéro de série par ligne dans sa première colonne. Les autres colonnes sont ignorées ; virgules, points-virgules ou tabulations séparent les colonnes ; les guillemets sont admis ; une première ligne « sn » ou « serial number » est lue comme en-tête.',
        'Après l’import, la console indique combien de numéros ont été ajoutés, combien l’entreprise avait déjà, et chaque ligne refusée avec sa raison : format incorrect, préfixe inconnu (aucun modèle), appartient à une autre entreprise ou répété dans le fichier.',
      ],
      tips: [
        'Un import se fait d’un seul tenant : s’il échoue en cours de route (par exemple un fichier de plus de 16 Mo), rien n’est importé.',
        'Créez d’abord le modèle et ses préfixes : les numéros au préfixe inconnu sont refusés.',
      ],
    },
    models: {
      title: 'Modèles et préfixes',
      who: 'Tout le monde voit les modèles ; les administrateurs et les lecteurs de modèles voient aussi les préfixes ; seul le propriétaire de la plateforme les modifie.',
      summary:
        'Modèles liste les modèles de terminaux pris en charge. Un préfixe est le début des numéros de série d’un modèle ; il indique à la console de quel modèle il s’agit.',
      steps: [
        'Ouvrez Modèles pour voir chaque modèle, sa famille (ancienne ou récente) et sa description.',
        'Propriétaire de la plateforme : ajoutez un modèle avec son nom, sa famille et ses préfixes (1 à 16 lettres ou chiffres chacun), ou modifiez-en un.',
      ],
      tips: [
        'La famille fixe la limite des noms d’application dans les fichiers CAP : 20 caractères pour les anciens modèles, 64 pour les récents.',
        'Un terminal dont le numéro de série ne correspond à aucun préfixe ne peut pas être effacé (« Unsupported Model »).',
      ],
    },
    audit: {
      title: 'Journal d’audit et export',
      who: 'Les administrateurs de plateforme pour toutes les entreprises ; les administrateurs d’entreprise pour la leur.',
      summary:
        'Le journal d’audit consigne chaque connexion, tentative échouée et déconnexion, ainsi que chaque modification : qui, entreprise, action, cible, adresse, résultat et heure.',
      steps: [
        'Ouvrez le Journal d’audit et restreignez la liste par dates, action, résultat ou texte recherché ; triez sur n’importe quelle colonne.',
        'Exporter télécharge les événements filtrés dans un fichier CSV qui s’ouvre dans tout tableur.',
        'Le contrôle de la chaîne indique si le journal est intact : chaque événement garde une empreinte du précédent, si bien qu’un événement modifié ou supprimé est détecté.',
      ],
      tips: [
        'Dans l’export, une cellule qui commencerait une formule de tableur débute par une apostrophe : ouvrir le fichier est donc sans danger.',
      ],
    },
    capMaker: {
      title: 'CAP Maker',
      who: 'Rôles CAP Maker : Manager, Advanced et User.',
      summary:
        'CAP Maker générera les fichiers d’information (CAP) dont les terminaux ont besoin. Il n’est pas encore disponible.',
      steps: [
        'Général : regrouper un dossier de fichiers d’application dans un fichier CAP signé pour vos terminaux.',
        'Clé : créer des fichiers CAP de clé depuis le centre de génération de clés.',
        'Certificat : créer des fichiers CAP de certificat.',
      ],
      tips: ['D’ici là, les pages CAP Maker indiquent qu’elles ne sont pas encore construites.'],
    },
    signer: {
      title: 'Signature',
      who: 'Rôles de signature : le Signer User demande, le Signer Manager décide.',
      summary:
        'La Signature signera les fichiers APK et CAP avec les clés de votre entreprise. Elle n’est pas encore disponible.',
      steps: [
        'Un Signer User téléverse un fichier APK ou CAP et demande une signature.',
        'Un Signer Manager de la même entreprise approuve, consulte ou rejette la demande. Personne n’approuve sa propre demande.',
        'Le fichier signé est ensuite prêt à être téléchargé.',
      ],
      tips: ['Votre administrateur de plateforme active la Signature pour chaque installation.'],
    },
    certificate: {
      title: 'CAP de certificat et groupe de certificats de clé',
      who: 'Rôles de certificat (Manager et User) et administrateurs de plateforme.',
      summary:
        'Le CAP de certificat générera des fichiers CAP portant une nouvelle chaîne de certificats qui met à jour la clé d’un terminal. Il n’est pas encore disponible.',
      steps: [
        'Certificat : créer un CAP de certificat pour un modèle de terminal.',
        'Groupe de certificats de clé : génération de clés pour le centre de sécurité du siège.',
      ],
      tips: ['Les deux pages apparaissent dans le menu CAP Maker pour les rôles autorisés.'],
    },
  },
};

export default fr;
