import type { AccountBundle } from './en';

const de: AccountBundle = {
  common: {
    cancel: 'Abbrechen',
    reset: 'Zurücksetzen',
    copied: 'Kopiert',
  },
  sections: {
    label: 'Bereiche der Kontoeinstellungen',
    profile: 'Profil',
    mfa: 'Zwei-Schritt-Anmeldung',
    password: 'Passwort',
    session: 'Sitzung',
  },
  profile: {
    title: 'Profil',
    description: 'Ihr Name, Ihre Kontaktdaten und wie die Konsole mit Ihnen spricht.',
    emailFixed: 'Ihre E-Mail-Adresse ist Ihr Anmeldename; ändern kann sie ein Administrator.',
    language: 'Sprache',
    languageHint: 'Gilt für die Konsole und für die E-Mails, die wir Ihnen senden.',
    digest: 'Übersicht',
    digestHint: 'Wie oft die Zähler der Übersicht neu beginnen.',
    daily: 'Täglich',
    weekly: 'Wöchentlich',
    required: 'Mit * markierte Felder sind Pflichtfelder.',
    save: 'Änderungen speichern',
    saved: 'Ihr Profil wurde gespeichert.',
  },
  password: {
    title: 'Passwort',
    description:
      'Ändern Sie das Passwort, mit dem Sie sich anmelden. Auf diesem Gerät bleiben Sie angemeldet.',
    old: 'Altes Passwort',
    hint: 'Mindestens 8 Zeichen mit einem Großbuchstaben und einer Ziffer; ein Kleinbuchstabe und ein Sonderzeichen machen es stärker. Eine E-Mail bestätigt die Änderung.',
    submit: 'Passwort ändern',
    changed: 'Ihr Passwort wurde geändert.',
  },
  mfa: {
    title: 'Zwei-Schritt-Anmeldung',
    description: 'Ein zweiter Faktor schützt Ihr Konto auch dann, wenn Ihr Passwort bekannt wird.',
    current: 'Aktuelle Methode:',
    stateNone: 'Nicht eingerichtet',
    stateEmail: 'E-Mail-Codes',
    stateTotp: 'Authenticator-App',
    noneOn:
      'Sie haben noch keinen zweiten Faktor gewählt, daher sendet jede Anmeldung einen Code an {{email}}. Eine Authenticator-App ist sicherer.',
    emailOn: 'Bei jeder Anmeldung wird ein 6-stelliger Code an {{email}} gesendet.',
    totpOn:
      'Bei jeder Anmeldung wird der 6-stellige Code Ihrer Authenticator-App abgefragt. Ohne Ihr Telefon verwenden Sie einen Ihrer Wiederherstellungscodes.',
    promptTitle: 'Sichern Sie Ihr Konto ab',
    prompt:
      'Richten Sie jetzt eine Authenticator-App ein: Das dauert eine Minute und schützt Ihr Konto, selbst wenn jemand Ihr Passwort erfährt.',
    totpTitle: 'Authenticator-App',
    totpDescription:
      'Codes, die eine App wie Google Authenticator, Microsoft Authenticator oder jede andere TOTP-App auf Ihrem Telefon erzeugt. Sie funktionieren offline und können nicht in einem Postfach mitgelesen werden.',
    recommended: 'Empfohlen',
    inUse: 'Aktiv',
    totpSetUp: 'Authenticator-App einrichten',
    totpReplace: 'Neuen Authenticator einrichten',
    totpOff: 'Authenticator ausschalten',
    totpDone: 'Die Authenticator-App ist jetzt Ihr zweiter Faktor.',
    emailTitle: 'E-Mail-Codes',
    emailDescription:
      'Bei jeder Anmeldung erhalten Sie einen 6-stelligen Code per E-Mail, gültig für 5 Minuten. Einfach, aber nur so sicher wie Ihr Postfach.',
    emailUse: 'E-Mail-Codes verwenden',
    emailSwitch: 'Zu E-Mail-Codes wechseln',
    emailDone: 'E-Mail-Codes sind jetzt Ihr zweiter Faktor.',
    offDone: 'Der Authenticator ist ausgeschaltet: Anmeldecodes kommen per E-Mail.',
  },
  totp: {
    title: 'Authenticator-App einrichten',
    step1: '1. QR-Code scannen',
    step1Body:
      'Öffnen Sie Ihre Authenticator-App, fügen Sie ein Konto hinzu und scannen Sie diesen Code.',
    qrAlt: 'QR-Code für Ihre Authenticator-App',
    cannotScan:
      'Scannen nicht möglich? Geben Sie stattdessen diesen geheimen Schlüssel in die App ein (zeitbasiert, 6 Ziffern).',
    secret: 'Geheimer Schlüssel',
    copySecret: 'Geheimen Schlüssel kopieren',
    onThisDevice: 'Authenticator auf diesem Gerät?',
    openApp: 'In der App öffnen',
    step2: '2. Code aus der App eingeben',
    step2Body:
      'Die App zeigt nun einen 6-stelligen Code, der sich alle 30 Sekunden ändert. Geben Sie ihn hier ein.',
    appsHint:
      'Behalten Sie den geheimen Schlüssel für sich: Wer ihn kennt, kann Ihre Codes erzeugen.',
    clockHint:
      'Wird ein Code abgelehnt, geht meist die Uhr des Telefons falsch: Stellen Sie sie auf automatisch.',
    codeLabel: 'Code aus der App',
    confirm: 'Prüfen und einschalten',
  },
  recovery: {
    title: 'Ihre Wiederherstellungscodes',
    once: 'Diese Codes werden nur dieses eine Mal angezeigt. Speichern Sie sie jetzt.',
    body: 'Jeder Code meldet Sie einmal an, wenn Sie Ihren Authenticator nicht zur Hand haben (auf der Code-Seite „Stattdessen einen Wiederherstellungscode verwenden“ wählen). Bewahren Sie sie sicher und getrennt von Ihrem Telefon auf, etwa in einem Passwort-Manager oder ausgedruckt.',
    listLabel: 'Wiederherstellungscodes',
    copy: 'Codes kopieren',
    download: 'Herunterladen',
    saved: 'Ich habe diese Wiederherstellungscodes gespeichert',
    done: 'Fertig',
    fileHeading: 'Wiederherstellungscodes der Terminal Key Console für {{email}}',
    fileCreated: 'Erstellt {{time}}',
    fileNote:
      'Jeder Code funktioniert einmal. Wenn Sie einen neuen Authenticator einrichten, werden alle ersetzt.',
  },
  email: {
    title: 'E-Mail-Codes bestätigen',
    sent: 'Wir haben einen 6-stelligen Code an {{email}} gesendet. Geben Sie ihn zur Bestätigung ein.',
    codeLabel: 'Code aus der E-Mail',
    noCode: 'Keine E-Mail?',
    resend: 'Neuen Code senden',
    resent: 'Ein neuer Code wurde an Ihre E-Mail-Adresse gesendet.',
    confirm: 'Bestätigen',
  },
  change: {
    emailTitle: 'Zu E-Mail-Codes wechseln',
    emailBody:
      'Bestätigen Sie mit dem aktuellen Code Ihrer Authenticator-App oder mit einem Ihrer Wiederherstellungscodes. Ihre Wiederherstellungscodes werden ungültig.',
    emailConfirm: 'Zu E-Mail-Codes wechseln',
    offTitle: 'Authenticator ausschalten',
    offBody:
      'Bestätigen Sie mit dem aktuellen Code Ihrer Authenticator-App oder mit einem Ihrer Wiederherstellungscodes. Anmeldecodes kommen dann per E-Mail und Ihre Wiederherstellungscodes werden ungültig.',
    offConfirm: 'Ausschalten',
    codeLabel: 'Authenticator- oder Wiederherstellungscode',
    codeHint: '6 Ziffern aus der App oder ein Wiederherstellungscode wie k7mx2-qp9rt.',
    codeShape:
      'Geben Sie 6 Ziffern oder einen Wiederherstellungscode (10 Buchstaben und Ziffern) ein.',
  },
  session: {
    title: 'Sitzung',
    description: 'Wo Sie gerade angemeldet sind.',
    thisDevice: 'Dieses Gerät',
    browserOn: '{{browser}} unter {{system}}',
    unknownDevice: 'Dieser Browser',
    signedInAs: 'Angemeldet als {{email}}',
    expires: 'Sitzung endet {{time}} (Ihre Zeitzone)',
    expiresUnknown: 'Sitzungsende unbekannt',
    oneDevice:
      'Es kann immer nur ein Gerät angemeldet sein: Eine Anmeldung auf einem anderen Gerät beendet diese Sitzung. Eine Minute vor dem Ende bietet die Konsole an, Sie angemeldet zu lassen.',
  },
  errors: {
    oldPasswordWrong: 'Das alte Passwort ist falsch',
    codeInvalid: 'Der Code ist ungültig. Prüfen Sie ihn und versuchen Sie es erneut.',
    totpNotPending:
      'Die Einrichtung ist abgelaufen. Starten Sie die Einrichtung des Authenticators erneut.',
    tooManyCodes: 'Zu viele falsche Codes: Bitte warten Sie, bevor Sie es erneut versuchen.',
  },
  dashboard: {
    carouselLabel: 'Funktionen',
    previous: 'Vorherige Funktion',
    next: 'Nächste Funktion',
    goTo: 'Funktion {{n}} von {{total}} zeigen',
    slide: '{{n}} von {{total}}',
    pagination: 'Seiten der Funktionen',
    noFeatureCardsAdmin:
      'Funktionskarten zeigen die Werkzeuge Ihrer Funktionsrollen. Ihre Administratorrollen öffnen die Werkzeuge über das Menü.',
    noFeatureCards:
      'Ihrem Konto sind noch keine Funktionen zugewiesen. Bitten Sie Ihren Administrator um eine Rolle.',
    eraseTitle: 'Schlüssellöschung: Übersicht',
    eraseWindow: 'Fehlgeschlagene Vorgänge der letzten {{days}} Tage (seit {{date}})',
    eraseLatest: 'Letzter Fehler: {{sn}}, {{time}}',
    eraseNone: 'Keine fehlgeschlagenen Vorgänge. Gut gemacht.',
    eraseError: 'Die Zahl der Fehler konnte nicht geladen werden.',
    failed: 'Fehlgeschlagen',
    news: {
      title: 'Neuigkeiten',
      welcomeTitle: 'Willkommen bei Terminal Key Console',
      welcomeBody: 'Hier erscheinen Versionshinweise und Mitteilungen zum Dienst.',
    },
  },
};

export default de;
