import type { TermsBundle } from './en';

const de: TermsBundle = {
  title: 'Geschäftsbedingungen',
  lastUpdated: 'Zuletzt aktualisiert: {{date}}',
  versions: { production: 'Produktion', trial: 'Testphase' },
  countries: { Taiwan: 'Taiwan' },
  production: {
    intro:
      'Diese Bedingungen regeln die Nutzung von Terminal Key Console (der „Dienst“) durch Ihre Firma und deren Mitarbeitende im Rahmen eines Produktionsvertrags.',
    sections: [
      {
        title: 'Annahme',
        body: 'Indem Sie ein Konto anlegen oder den Dienst im Namen Ihrer Firma nutzen, nehmen Sie diese Bedingungen an. Wenn Sie sie nicht annehmen, nutzen Sie den Dienst nicht.',
      },
      {
        title: 'Konten und Zugang',
        body: 'Konten werden nur auf Einladung angelegt. Jedes Konto gehört einer Person, ist durch ein Passwort und einen zweiten Faktor geschützt und kann jeweils nur auf einem Gerät angemeldet sein. Sie sind für alles verantwortlich, was mit Ihrem Konto geschieht.',
      },
      {
        title: 'Erlaubte Nutzung',
        body: 'Nutzen Sie den Dienst nur, um Terminals, Schlüssel, Zertifikate und signierte Pakete zu verwalten, die Ihrer Firma gehören oder für deren Betreuung sie berechtigt ist, und nur im Rahmen der Rollen, die Ihre Administration Ihnen gewährt.',
      },
      {
        title: 'Sensible Daten',
        body: 'Sie dürfen keine sensiblen Daten im Dienst speichern: keine Zahlungskartendaten (Kartennummern, Spur- oder Chipdaten, PINs oder Sicherheitscodes), keine Gesundheitsdaten und keine besonderen Kategorien personenbezogener Daten.',
      },
      {
        title: 'Schlüssel, Signaturen und Prüfprotokoll',
        body: 'Vom Dienst erzeugte Schlüssel, Zertifikate und signierte Dateien sind vertrauliche Informationen Ihrer Firma. Anmeldungen, Änderungen und Werkzeugaktionen werden in einem Prüfprotokoll festgehalten, das Ihre Administration einsehen kann.',
      },
      {
        title: 'Verfügbarkeit und Änderungen',
        body: 'Wir bemühen uns, den Dienst verfügbar und sicher zu halten, und können ihn ändern oder verbessern. Geplante Änderungen, die Ihre Arbeit betreffen, werden vorab angekündigt.',
      },
      {
        title: 'Haftung',
        body: 'Soweit gesetzlich zulässig, haftet keine Partei für indirekte oder Folgeschäden. Nichts in diesen Bedingungen beschränkt eine Haftung, die gesetzlich nicht beschränkt werden kann.',
      },
      {
        title: 'Anwendbares Recht und Streitigkeiten',
        body: 'Diese Bedingungen unterliegen dem Recht von {{country}}. Die Parteien versuchen zunächst, jede Streitigkeit innerhalb von {{disputeDays}} Tagen nach schriftlicher Mitteilung gütlich beizulegen, bevor sie ein Gericht anrufen.',
      },
    ],
  },
  trial: {
    intro:
      'Diese Bedingungen regeln eine Testphase von Terminal Key Console (der „Dienst“) zur Erprobung vor einem Produktionsvertrag.',
    sections: [
      {
        title: 'Testzeitraum',
        body: 'Die Testphase dauert {{trialDays}} Tage ab der Aktivierung Ihres Firmenkontos. Der Zugang endet mit dem Testzeitraum, sofern kein Produktionsvertrag geschlossen wird.',
      },
      {
        title: 'Nur zur Erprobung',
        body: 'Nutzen Sie die Testphase nur, um den Dienst mit Testterminals und Testschlüsseln zu erproben. Bereiten Sie damit keine Terminals oder Dateien für den Produktivbetrieb vor.',
      },
      {
        title: 'Konten und Zugang',
        body: 'Konten werden nur auf Einladung angelegt, sind persönlich und können jeweils nur auf einem Gerät angemeldet sein. Sie sind für alles verantwortlich, was mit Ihrem Konto geschieht.',
      },
      {
        title: 'Sensible Daten',
        body: 'Sie dürfen keine sensiblen Daten im Dienst speichern: keine Zahlungskartendaten (Kartennummern, Spur- oder Chipdaten, PINs oder Sicherheitscodes), keine Gesundheitsdaten und keine besonderen Kategorien personenbezogener Daten.',
      },
      {
        title: 'Keine Gewährleistung',
        body: 'Die Testphase wird ohne jede Gewährleistung so bereitgestellt, wie sie ist. Während der Testphase erstellte Daten können nach deren Ende gelöscht werden.',
      },
      {
        title: 'Anwendbares Recht und Streitigkeiten',
        body: 'Diese Bedingungen unterliegen dem Recht von {{country}}. Die Parteien versuchen zunächst, jede Streitigkeit innerhalb von {{disputeDays}} Tagen nach schriftlicher Mitteilung gütlich beizulegen, bevor sie ein Gericht anrufen.',
      },
    ],
  },
};

export default de;
