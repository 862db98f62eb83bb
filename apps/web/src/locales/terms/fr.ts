import type { TermsBundle } from './en';

const fr: TermsBundle = {
  title: 'Conditions générales',
  lastUpdated: 'Dernière mise à jour : {{date}}',
  versions: { production: 'Production', trial: 'Essai' },
  countries: { Taiwan: 'Taïwan' },
  production: {
    intro:
      "Les présentes conditions régissent l'utilisation de Terminal Key Console (le « Service ») par votre entreprise et son personnel dans le cadre d'un contrat de production.",
    sections: [
      {
        title: 'Acceptation',
        body: "En créant un compte ou en utilisant le Service pour le compte de votre entreprise, vous acceptez ces conditions. Si vous ne les acceptez pas, n'utilisez pas le Service.",
      },
      {
        title: 'Comptes et accès',
        body: 'Les comptes sont créés uniquement sur invitation. Chaque compte appartient à une seule personne, est protégé par un mot de passe et un second facteur, et ne peut être connecté que sur un appareil à la fois. Vous êtes responsable de tout ce qui est fait avec votre compte.',
      },
      {
        title: 'Utilisation autorisée',
        body: 'Utilisez le Service uniquement pour gérer les terminaux, clés, certificats et paquets signés que votre entreprise possède ou est autorisée à entretenir, dans la limite des rôles accordés par votre administrateur.',
      },
      {
        title: 'Données sensibles',
        body: 'Vous ne devez pas stocker de données sensibles dans le Service : aucune donnée de carte de paiement (numéros de carte, données de piste ou de puce, codes PIN ou codes de sécurité), aucune donnée de santé et aucune catégorie particulière de données personnelles.',
      },
      {
        title: 'Clés, signatures et audit',
        body: "Les clés, certificats et fichiers signés produits par le Service sont confidentiels pour votre entreprise. Les connexions, modifications et actions des outils sont consignées dans un journal d'audit que vos administrateurs peuvent consulter.",
      },
      {
        title: 'Disponibilité et évolutions',
        body: "Nous nous efforçons de maintenir le Service disponible et sûr, et pouvons le modifier ou l'améliorer. Les changements prévus qui affectent votre travail sont annoncés à l'avance.",
      },
      {
        title: 'Responsabilité',
        body: "Dans la mesure permise par la loi, aucune partie n'est responsable des dommages indirects ou consécutifs. Rien dans ces conditions ne limite une responsabilité qui ne peut l'être en vertu de la loi.",
      },
      {
        title: 'Droit applicable et litiges',
        body: "Les présentes conditions sont régies par le droit de {{country}}. Les parties s'efforceront d'abord de régler tout litige de bonne foi dans un délai de {{disputeDays}} jours suivant une notification écrite avant de saisir un tribunal.",
      },
    ],
  },
  trial: {
    intro:
      "Les présentes conditions régissent un essai de Terminal Key Console (le « Service ») à des fins d'évaluation avant un contrat de production.",
    sections: [
      {
        title: "Période d'essai",
        body: "L'essai dure {{trialDays}} jours à compter de l'activation du compte de votre entreprise. L'accès prend fin à l'issue de la période d'essai, sauf signature d'un contrat de production.",
      },
      {
        title: 'Évaluation uniquement',
        body: "Utilisez l'essai uniquement pour évaluer le Service avec des terminaux et des clés de test. Ne l'utilisez pas pour préparer des terminaux ou des fichiers destinés à la production.",
      },
      {
        title: 'Comptes et accès',
        body: 'Les comptes sont créés uniquement sur invitation, sont personnels et ne peuvent être connectés que sur un appareil à la fois. Vous êtes responsable de tout ce qui est fait avec votre compte.',
      },
      {
        title: 'Données sensibles',
        body: 'Vous ne devez pas stocker de données sensibles dans le Service : aucune donnée de carte de paiement (numéros de carte, données de piste ou de puce, codes PIN ou codes de sécurité), aucune donnée de santé et aucune catégorie particulière de données personnelles.',
      },
      {
        title: 'Aucune garantie',
        body: "L'essai est fourni en l'état, sans garantie d'aucune sorte. Les données créées pendant l'essai peuvent être supprimées après sa fin.",
      },
      {
        title: 'Droit applicable et litiges',
        body: "Les présentes conditions sont régies par le droit de {{country}}. Les parties s'efforceront d'abord de régler tout litige de bonne foi dans un délai de {{disputeDays}} jours suivant une notification écrite avant de saisir un tribunal.",
      },
    ],
  },
};

export default fr;
