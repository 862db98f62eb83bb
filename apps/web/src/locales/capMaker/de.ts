import type { CapMakerTexts } from './en';

const capMaker: CapMakerTexts = {
  general: {
    title: 'Allgemeines CAP erstellen',
    intro:
      'Wählen Sie den Ordner mit der Anwendung und ihren Dateien. Ihr Browser prüft den Ordner, berechnet die SHA-256 jeder Datei und lädt sie hoch; der Server erstellt das CAP, das dann heruntergeladen wird.',
    submit: 'CAP erstellen',
    made: 'CAP {{name}} ist fertig',
    history: 'Erstellte CAPs',
  },
  key: {
    title: 'Schlüssel-CAP erstellen',
    intro:
      'Ein Schlüssel-CAP gibt Ihren Terminals einen neuen ULD-User-Schlüsselsatz. Es wird unter dem aktuellen Satz erstellt; bestätigen Sie es, sobald die Terminals es geladen haben, dann wird der neue Satz aktuell.',
    submit: 'Schlüssel-CAP erstellen',
    made: 'Schlüssel-CAP {{name}} erstellt',
    list: 'Schlüssel-CAPs',
    uploadPublicKey: 'Datei mit öffentlichem Schlüssel hochladen',
    noSource:
      'Ihre Rolle darf keine Schlüssel-CAPs erstellen; Sie können die erstellten Schlüssel-CAPs lesen.',
  },
  fields: {
    company_id: 'Firma',
    model_id: 'Modell',
    folder: 'Quellordner',
    app_type: 'Anwendungstyp',
    app_file: 'Anwendungsdatei',
    app_name: 'App-Name',
    cap_version: 'CAP-Version',
    title: 'Titel',
    version: 'Version',
    company: 'Firmenname',
    company_cap: 'Firmen-CAP',
    comment: 'Kommentar',
    description: 'Beschreibung',
    product: 'Produkt',
    company_code: 'Firmencode',
    key_name: 'Schlüsselname',
    key_source: 'Schlüsselquelle',
    signing_public_key: 'Öffentlicher Signaturschlüssel',
  },
  hints: {
    capVersion: 'CAP3 für ältere Terminals, CAP4 für neuere.',
    exactly: 'Genau {{n}} Zeichen',
    between: '{{min}} bis {{max}} Zeichen',
    upTo: 'Bis zu {{max}} Zeichen',
    companyCode: 'Nur CAP4, 1 bis {{max}} Zeichen',
    companyId: 'Leer lassen für Ihre eigene Firma.',
    appNameOfModel: 'Dieses Modell erlaubt App-Namen mit bis zu {{max}} Zeichen.',
    folder:
      'Ein Ordner ohne Unterordner: die Anwendungsdatei (.bin oder .apk) und ihre weiteren Dateien ({{kinds}}).',
    publicKey:
      'Der öffentliche RSA-Schlüssel (2048 bis 8192 Bit), dessen privaten Schlüssel Ihre Firma behält: PEM oder eine DER-Datei.',
    keySource: {
      internal:
        'Die Plattform erzeugt den neuen Signaturschlüssel und verwahrt seinen privaten Schlüssel versiegelt.',
      external:
        'Ihre Firma gibt ihren eigenen öffentlichen Signaturschlüssel an und behält den privaten Schlüssel.',
    },
  },
  rules: {
    required: '{{label}} ist erforderlich',
    min: 'Minimale Feldlänge: {{n}}',
    max: 'Maximale Feldlänge: {{n}}',
  },
  form: {
    loading: 'Wird geladen…',
    modelPlaceholder: 'Modell wählen',
    nothingFound: 'Nichts gefunden',
    ownCompany: 'Ihre Firma',
    appFileFirst: 'Zuerst den Ordner wählen',
    appFileNone: 'Keine Datei dieses Typs',
    cancel: 'Abbrechen',
  },
  appTypes: {
    bin: 'BIN',
    apk: 'APK',
  },
  keySources: {
    internal: 'Intern',
    external: 'Extern',
  },
  folder: {
    choose: 'Ordner wählen',
    change: 'Anderen Ordner wählen',
    input: 'Quellordner',
    chosen: '{{name}}: {{n}} Dateien, {{size}}',
    unnamed: 'Ordner',
    files: 'Dateien im Ordner',
    more: 'und {{n}} weitere',
    problemWithFile: '{{message}} ({{file}})',
    retry: 'Bitte öffnen Sie die Datei / den Ordner erneut',
    aborted: 'Der Benutzer hat die Anfrage abgebrochen.',
  },
  progress: {
    hashing: 'SHA-256 wird berechnet',
    uploading: 'Wird hochgeladen',
    rate: '{{percent}} % · {{rate}} MB/s',
    checking: 'Der Server prüft die Dateien…',
    building: 'Der Server erstellt das CAP…',
  },
  status: {
    building: 'Wird erstellt',
    ready: 'Fertig',
    failed: 'Fehlgeschlagen',
    confirmed: 'Bestätigt',
    superseded: 'Abgelöst',
  },
  list: {
    search: 'Suche',
    searchGeneral: 'App-Name, Datei oder Ersteller',
    searchKey: 'Schlüsselname, Datei oder Ersteller',
    status: 'Zustand',
    statusAny: 'Jeder Zustand',
    emptyGeneral: 'Noch keine CAPs erstellt',
    emptyKey: 'Noch keine Schlüssel-CAPs erstellt',
    fileCount: 'Dateien: {{n}}',
    newSigningFingerprint: 'Neuer Signaturschlüssel',
    downloadOf: '{{name}} herunterladen',
    confirmOf: 'Schlüssel-CAP {{name}} bestätigen',
    columns: {
      date: 'Erstellt',
      appName: 'App-Name / Datei',
      keyName: 'Schlüsselname / Datei',
      model: 'Modell',
      files: 'Quelle',
      sha256: 'SHA-256',
      keySource: 'Schlüsselquelle',
      kcv: 'KCV',
      status: 'Zustand',
      company: 'Firma',
      creator: 'Erstellt von',
      actions: 'Aktionen',
    },
  },
  actions: {
    download: 'Herunterladen',
    confirm: 'Schlüssel-CAP bestätigen',
    copy: 'Kopieren',
    copied: 'Kopiert',
    copyOf: '{{name}} kopieren',
  },
  confirm: {
    title: 'Schlüssel-CAP bestätigen',
    body: 'Haben Ihre Terminals das Schlüssel-CAP {{name}} geladen?',
    effect:
      'Sein Schlüsselsatz wird der aktuelle ULD-User-Satz der Firma: neue CAPs und Signaturen verwenden ihn, der bisherige Satz wird stillgelegt und andere unbestätigte Schlüssel-CAPs werden abgelöst.',
  },
  keySets: {
    title: 'ULD-Schlüsselsätze',
    titleOf: 'ULD-Schlüsselsätze von {{company}}',
    intro:
      'Die öffentlichen Hälften der Schlüsselsätze der Firma, nach SHA-256-Fingerabdruck. Private Schlüssel verlassen den Server nie.',
    tableLabel: 'ULD-Schlüsselsätze',
    generation: 'Generation {{n}}',
    columns: {
      kind: 'Satz',
      status: 'Zustand',
      name: 'Bezeichnung',
      kek: 'Schlüsselverschlüsselungsschlüssel',
      signing: 'Signaturschlüssel',
      created: 'Erstellt',
    },
    kinds: {
      manufacturer: 'Hersteller',
      user: 'Benutzer',
    },
    statuses: {
      current: 'Aktuell',
      pending: 'Ausstehend',
      retired: 'Stillgelegt',
      superseded: 'Abgelöst',
    },
  },
};

export default capMaker;
