import type { GuideBundle } from './en';

const de: GuideBundle = {
  intro:
    'Wie Sie jeden Teil der Terminal Key Console nutzen, in kurzen Schritten. Mit „Demnächst“ markierte Teile sind noch nicht verfügbar. Welche Teile Sie öffnen können, legt Ihr Administrator fest.',
  contents: 'Inhalt',
  search: 'Im Handbuch suchen',
  noMatch: 'Kein Thema passt zu Ihrer Suche.',
  who: 'Für wen:',
  steps: 'Schritt für Schritt',
  planned: 'Was es können wird',
  tips: 'Gut zu wissen',
  example: 'Beispiel',
  coming: 'Demnächst',
  topics: {
    signIn: {
      title: 'Anmelden und zweiter Faktor',
      who: 'Alle. Konten entstehen nur durch Einladung.',
      summary:
        'Sie melden sich mit Ihrer E-Mail-Adresse, Ihrem Passwort und einem zweiten Faktor an: dem 6-stelligen Code einer Authenticator-App oder einem 6-stelligen Code, den Sie per E-Mail erhalten.',
      steps: [
        'Geben Sie E-Mail-Adresse und Passwort ein und klicken Sie auf Weiter.',
        'Wählen Sie, wie Sie sich bestätigen: Authenticator (der Code, den Ihre App gerade zeigt) oder E-Mail (ein Code wird sofort gesendet und ist 5 Minuten gültig).',
        'Tippen Sie die 6 Ziffern ein. Nach der sechsten Ziffer geht es von selbst weiter.',
        'Ohne Ihr Telefon wählen Sie auf der Seite für den Authenticator-Code „Stattdessen einen Wiederherstellungscode verwenden“ und geben einen Ihrer gespeicherten Wiederherstellungscodes ein. Jeder Wiederherstellungscode funktioniert einmal.',
      ],
      tips: [
        'Die Code-Seite schließt sich nach 5 Minuten ohne Code: Melden Sie sich erneut an, um einen neuen zu erhalten.',
        'Es kann immer nur ein Gerät angemeldet sein. Sind Sie anderswo angemeldet, fragt die Konsole nach einem neuen Code und meldet das andere Gerät dann ab („Anderes Gerät abmelden“).',
        'Passwort vergessen? Nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite. Der Link in der E-Mail ist 1 Stunde gültig.',
        'Zehn falsche Passwörter in Folge sperren das Konto für 15 Minuten.',
        'Eine Sitzung dauert eine Stunde. Eine Minute vor dem Ende fragt die Konsole, ob Sie angemeldet bleiben möchten („Angemeldet bleiben“).',
      ],
    },
    account: {
      title: 'Kontoeinstellungen und Zwei-Schritt-Anmeldung',
      who: 'Alle, jeweils für das eigene Konto.',
      summary:
        'Die Kontoeinstellungen (Benutzermenü oder „Konto und Einstellungen“ im Seitenmenü) enthalten Ihr Profil, Ihren zweiten Faktor, Ihr Passwort und Ihre Sitzung.',
      steps: [
        'Profil: Ändern Sie Namen, Telefon, Zeitzone, Adresse, die Sprache der Konsole und Ihrer E-Mails sowie, ob Ihre Übersicht täglich oder wöchentlich ist. Klicken Sie auf „Änderungen speichern“.',
        'Authenticator-App (empfohlen): Klicken Sie unter Zwei-Schritt-Anmeldung auf „Authenticator-App einrichten“, scannen Sie den QR-Code mit Ihrer App (oder geben Sie den darunter angezeigten geheimen Schlüssel ein) und geben Sie dann den 6-stelligen Code aus der App ein.',
        'Speichern Sie die 10 angezeigten Wiederherstellungscodes: Kopieren oder laden Sie sie herunter und bewahren Sie sie getrennt vom Telefon auf. Sie werden nur einmal angezeigt. Setzen Sie den Haken bei „Ich habe diese Wiederherstellungscodes gespeichert“ und klicken Sie auf Fertig.',
        'Um zu E-Mail-Codes zu wechseln oder den Authenticator auszuschalten, bestätigen Sie mit einem Code aus der App oder einem Wiederherstellungscode.',
        'Passwort: Geben Sie Ihr altes Passwort und zweimal das neue ein. Das neue Passwort braucht mindestens 8 Zeichen, einen Großbuchstaben und eine Ziffer; die Anzeige zählt außerdem Kleinbuchstaben und Sonderzeichen.',
        'Sitzung: Sehen Sie, bis wann Sie auf diesem Gerät angemeldet sind, und melden Sie sich ab.',
      ],
      tips: [
        'Jede Änderung von Passwort oder zweitem Faktor wird per E-Mail bestätigt. Haben Sie die Änderung nicht selbst vorgenommen, informieren Sie sofort Ihren Administrator.',
        'Ein neuer Authenticator ersetzt den alten und alle Ihre Wiederherstellungscodes.',
        'Wird ein Authenticator-Code abgelehnt, geht meist die Uhr des Telefons falsch: Stellen Sie die Zeit auf automatisch.',
      ],
    },
    keyErase: {
      title: 'Schlüssel löschen (Key Erase) Schritt für Schritt',
      who: 'Benutzer mit der Key-Erase-Rolle führen Löschungen aus; Firmen- und Plattformadministratoren lesen das Protokoll.',
      summary:
        'Key Erase setzt den kundenspezifischen Schlüssel eines Terminals auf den Originalschlüssel (ULD-Standard) zurück. Das Terminal ist über ein USB-Seriell-Kabel mit Ihrem Computer verbunden, und die Konsole spricht aus dem Browser mit ihm.',
      steps: [
        'Verwenden Sie Chrome oder Edge auf einem Computer: Die Konsole braucht Web Serial, das andere Browser nicht bieten.',
        'Versetzen Sie das Terminal in den SULD-Modus (siehe „SULD-Modus aktivieren“) und schließen Sie es mit dem USB-Seriell-Kabel an.',
        'Öffnen Sie „Schlüssel löschen“, starten Sie die Löschung und wählen Sie den Anschluss des Terminals, wenn der Browser danach fragt.',
        'Die Konsole liest die Seriennummer (SN) und eine Zufalls-Challenge (RN) aus dem Terminal, lässt dieses Terminal vom Server autorisieren, setzt es zurück und löscht den kundenspezifischen Schlüssel.',
        'Warten Sie auf das Ergebnis und ziehen Sie das Kabel währenddessen nicht ab. Erfolg bedeutet: Das Terminal hat wieder seinen Originalschlüssel.',
        'Jeder Vorgang, erfolgreich oder nicht, wird mit seinem Status im Key-Erase-Protokoll festgehalten.',
      ],
      tips: [
        'Die Seriennummer muss Ihrer Firma zugeordnet sein und ihr Präfix zu einem unterstützten Modell gehören; sonst lehnt der Server ab („403 Not Allowed Action“ oder „Unsupported Model“).',
        'Ein fehlgeschlagener Vorgang zeigt seinen Grund und, wo es hilft, einen Link zur passenden Frage unten.',
        'Aus dem Protokoll können Sie einen fehlgeschlagenen Vorgang mit einer Notiz an den Support melden.',
        'Die Schaltfläche „Fehlgeschlagen“ in der Übersicht zählt die fehlgeschlagenen Vorgänge der letzten 30 Tage und öffnet das Protokoll.',
      ],
    },
    enableSuld: {
      title: 'SULD-Modus aktivieren',
      who: 'Wer ein Key Erase ausführt.',
      summary:
        'Im SULD-Modus (Secure User Loader) nimmt das Terminal Loader-Befehle über das serielle Kabel an. Außerhalb davon beantwortet es jeden Befehl mit SULD_NOT_ENABLED, und der Vorgang endet mit „SULD Mode is not enabled (Terminal Respond)“.',
      steps: [
        'Schließen Sie das Terminal an die Stromversorgung an und schalten Sie es aus.',
        'Starten Sie es in sein Wartungs- bzw. Systemmenü. Welche Taste Sie beim Einschalten halten, hängt vom Modell ab: siehe Handbuch des Modells.',
        'Geben Sie bei Aufforderung das Wartungspasswort ein, öffnen Sie die Loader-Einstellungen und schalten Sie den SULD-Modus ein.',
        'Lassen Sie das Terminal auf dem Loader-Bildschirm, schließen Sie das USB-Seriell-Kabel an und starten Sie die Löschung.',
      ],
      tips: [
        '„Failed Initiation (Terminal Connected)“ bedeutet oft, dass das Terminal nicht im SULD-Modus ist oder ein anderes Programm den seriellen Anschluss belegt: Schließen Sie andere serielle Werkzeuge und versuchen Sie es erneut.',
        '„Failed Initiation (Terminal Not Selected)“ bedeutet, dass im Dialog des Browsers kein Anschluss gewählt wurde.',
      ],
    },
    findSerialNumber: {
      title: 'Seriennummer im Terminal finden',
      who: 'Wer ein Key Erase ausführt oder Seriennummern verwaltet.',
      summary:
        'Die Konsole liest die Seriennummer während einer Löschung aus dem Terminal. Um sie mit Ihren Unterlagen zu vergleichen, finden Sie sie am Gerät.',
      steps: [
        'Sehen Sie auf das Typenschild auf der Rückseite des Terminals oder unter dem Akkudeckel: Die Seriennummer steht hinter „S/N“.',
        'Oder öffnen Sie die Systeminformationen im Wartungsmenü des Terminals.',
        'Endet ein Vorgang mit „Serial Number is Empty“ oder „Get SN Failed“, hat das Terminal sie nicht gemeldet: Prüfen Sie Kabel und SULD-Modus und versuchen Sie es erneut.',
      ],
      tips: [
        'Übernehmen Sie die Nummer genau wie aufgedruckt; Groß- und Kleinschreibung spielt in der Konsole keine Rolle.',
      ],
    },
    checkSerialNumber: {
      title: 'Prüfen, ob die Seriennummer gültig ist',
      who: 'Wer ein Key Erase ausführt; Administratoren für die Registrierung.',
      summary:
        'Ein Terminal lässt sich nur löschen, wenn seine Seriennummer drei Prüfungen besteht.',
      steps: [
        'Sie hat 4 bis 32 Buchstaben oder Ziffern, ohne Leer- oder Bindestriche.',
        'Ihre ersten Zeichen (das Präfix) gehören zu einem unterstützten Modell: siehe Modell.',
        'Sie ist Ihrer Firma zugeordnet: Administratoren finden sie unter Firma, Seriennummern.',
      ],
      tips: [
        'Weichen Typenschild und die vom Terminal gemeldete Nummer voneinander ab, senden Sie beide mit der Meldung des fehlgeschlagenen Vorgangs an den Support.',
      ],
    },
    users: {
      title: 'Benutzer, Einladungen und Lizenzen',
      who: 'Firmenadministratoren für ihre Firma; Plattformadministratoren für alle Firmen.',
      summary:
        'Benutzer (Seitenmenü) listet die Benutzer Ihrer Firma und die noch nicht angenommenen Einladungen. Konten entstehen nur durch Einladungen.',
      steps: [
        'Klicken Sie auf Einladen, geben Sie die E-Mail-Adresse ein und wählen Sie die Rollen: je Funktion höchstens eine Rolle (CAP Maker: Manager, Advanced oder User; Signer: Manager oder User; Zertifikat: Manager oder User; Key Erase).',
        'Die Person erhält eine E-Mail mit einem 7 Tage gültigen Link, vervollständigt das Konto (Namen, Passwort, Zeitzone, Telefon) und akzeptiert die Bedingungen.',
        'Offene und abgelaufene Einladungen erscheinen in der Liste: Dort senden Sie sie erneut oder ziehen sie zurück.',
        'Öffnen Sie einen Benutzer, um seine Rollen zu ändern oder das Konto zu deaktivieren; deaktivierte Benutzer können sich nicht anmelden.',
      ],
      tips: [
        'Lizenzen zählen Plätze je Funktion (CAP Maker, Signer, Zertifikat, Key Erase): Jeder Benutzer mit einer Rolle der Funktion und jede offene Einladung, die eine solche Rolle vergeben würde, belegt einen Platz. Sind alle Plätze belegt, bitten Sie Ihren Plattformadministrator um mehr.',
        'Nur der Plattform-Eigentümer kann Konten von Plattform-Eigentümern anlegen oder ändern.',
      ],
    },
    companies: {
      title: 'Firmen und Seriennummern',
      who: 'Plattformadministratoren.',
      summary:
        'Firmen haben einen Code, einen Namen, eine Test- oder Produktionsstufe und Lizenzen je Funktion. Die Seriennummer jedes Terminals ist genau einer Firma zugeordnet.',
      steps: [
        'Firma, Überblick: Legen Sie eine Firma an oder öffnen Sie eine, um Namen, Stufe und Lizenzen zu ändern.',
        'Firma, Seriennummern: Wählen Sie die Firma und fügen Sie Seriennummern einzeln hinzu oder importieren Sie eine CSV-Datei.',
        'Die CSV-Datei enthält eine Seriennummer pro Zeile in der ersten Spalte. Weitere Spalten werden ignoriert; Kommas, Semikolons oder Tabulatoren trennen Spalten; Anführungszeichen sind erlaubt; eine erste Zeile „sn“ oder „serial number“ gilt als Kopfzeile.',
        'Nach dem Import zeigt die Konsole, wie viele Nummern hinzugefügt wurden, wie viele die Firma schon hatte und jede abgelehnte Zeile mit ihrem Grund: falsches Format, unbekanntes Präfix (kein Modell), gehört einer anderen Firma oder in der Datei wiederholt.',
      ],
      tips: [
        'Ein Import ist ein einziger Schritt: Scheitert er mittendrin (etwa bei einer Datei über 16 MB), wird nichts importiert.',
        'Legen Sie zuerst das Modell und seine Präfixe an: Nummern mit unbekanntem Präfix werden abgelehnt.',
      ],
    },
    models: {
      title: 'Modelle und Präfixe',
      who: 'Alle sehen die Modelle; Administratoren und Modellbetrachter sehen auch die Präfixe; nur der Plattform-Eigentümer bearbeitet.',
      summary:
        'Modell listet die unterstützten Terminalmodelle. Ein Präfix ist der Anfang der Seriennummern eines Modells; daran erkennt die Konsole, welches Modell ein Terminal ist.',
      steps: [
        'Öffnen Sie Modell, um jedes Modell mit seiner Familie (älter oder neuer) und Beschreibung zu sehen.',
        'Plattform-Eigentümer: Legen Sie ein Modell mit Namen, Familie und Präfixen (je 1 bis 16 Buchstaben oder Ziffern) an oder bearbeiten Sie eines.',
      ],
      tips: [
        'Die Familie bestimmt die Höchstlänge von App-Namen in CAP-Dateien: 20 Zeichen für ältere Modelle, 64 für neuere.',
        'Ein Terminal, dessen Seriennummer zu keinem Präfix passt, kann nicht gelöscht werden („Unsupported Model“).',
      ],
    },
    audit: {
      title: 'Prüfprotokoll und Export',
      who: 'Plattformadministratoren für alle Firmen; Firmenadministratoren für die eigene.',
      summary:
        'Das Prüfprotokoll hält jede Anmeldung, jeden Fehlversuch und jede Abmeldung sowie jede Änderung fest: wer, Firma, Aktion, Ziel, Adresse, Ergebnis und Zeit.',
      steps: [
        'Öffnen Sie das Prüfprotokoll und grenzen Sie die Liste nach Datum, Aktion, Ergebnis oder Suchtext ein; sortieren Sie nach jeder Spalte.',
        'Export lädt die gefilterten Ereignisse als CSV-Datei herunter, die jede Tabellenkalkulation öffnet.',
        'Die Kettenprüfung zeigt, ob das Protokoll unversehrt ist: Jedes Ereignis speichert einen Fingerabdruck des vorherigen, daher fällt ein geändertes oder gelöschtes Ereignis auf.',
      ],
      tips: [
        'Im Export beginnt eine Zelle, die eine Tabellenformel starten würde, mit einem Apostroph; das Öffnen der Datei ist daher sicher.',
      ],
    },
    capMaker: {
      title: 'CAP Maker',
      who: 'CAP-Maker-Rollen: Manager, Advanced und User.',
      summary:
        'CAP Maker wird die Informationsdateien (CAP) erzeugen, die Terminals brauchen. Er ist noch nicht verfügbar.',
      steps: [
        'Allgemein: einen Ordner mit Anwendungsdateien zu einer signierten CAP-Datei für Ihre Terminals packen.',
        'Schlüssel: Schlüssel-CAP-Dateien aus dem Schlüsselerzeugungszentrum erstellen.',
        'Zertifikat: Zertifikats-CAP-Dateien erstellen.',
      ],
      tips: ['Bis dahin zeigen die CAP-Maker-Seiten an, dass sie noch nicht gebaut sind.'],
    },
    signer: {
      title: 'Signierer',
      who: 'Signer-Rollen: Signer User beantragt, Signer Manager entscheidet.',
      summary:
        'Der Signierer wird APK- und CAP-Dateien mit den Schlüsseln Ihrer Firma signieren. Er ist noch nicht verfügbar.',
      steps: [
        'Ein Signer User lädt eine APK- oder CAP-Datei hoch und beantragt eine Signatur.',
        'Ein Signer Manager derselben Firma genehmigt, prüft oder lehnt den Antrag ab. Niemand genehmigt den eigenen Antrag.',
        'Die signierte Datei steht danach zum Herunterladen bereit.',
      ],
      tips: ['Der Signierer wird je Installation von Ihrem Plattformadministrator eingeschaltet.'],
    },
    certificate: {
      title: 'Zertifikats-CAP und Schlüsselzertifikatsgruppe',
      who: 'Zertifikatsrollen (Manager und User) und Plattformadministratoren.',
      summary:
        'Zertifikats-CAP wird CAP-Dateien erzeugen, die eine neue Zertifikatskette tragen und den Schlüssel eines Terminals aktualisieren. Es ist noch nicht verfügbar.',
      steps: [
        'Zertifikat: ein Zertifikats-CAP für ein Terminalmodell erstellen.',
        'Schlüsselzertifikatsgruppe: Schlüsselerzeugung für das Sicherheitszentrum der Zentrale.',
      ],
      tips: ['Beide Seiten erscheinen im CAP-Maker-Menü für die Rollen, die sie nutzen dürfen.'],
    },
  },
};

export default de;
