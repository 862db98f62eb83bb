// The 'capMaker' namespace: CAP Maker's General and Key pages (features/cap-maker), loaded with
// them. The folder rules' own texts are the API's ('apiErrors', cap.*), as the server words them.

const capMaker = {
  general: {
    title: 'Make a General CAP',
    intro:
      'Choose the folder with the application and its files. Your browser checks the folder, computes each file’s SHA-256 and uploads it; the server builds the CAP, which then downloads.',
    submit: 'Make CAP',
    made: 'CAP {{name}} is ready',
    history: 'CAPs made',
  },
  key: {
    title: 'Make a Key CAP',
    intro:
      'A Key CAP gives your terminals a new ULD User key set. It is made under the current set; confirm it once the terminals have loaded it, and the new set becomes current.',
    submit: 'Make Key CAP',
    made: 'Key CAP {{name}} made',
    list: 'Key CAPs',
    uploadPublicKey: 'Upload a public key file',
    noSource: 'Your role may not make Key CAPs; you can read the Key CAPs made.',
  },
  fields: {
    company_id: 'Company',
    model_id: 'Model',
    folder: 'Source folder',
    app_type: 'Application type',
    app_file: 'Application file',
    app_name: 'App name',
    cap_version: 'CAP version',
    title: 'Title',
    version: 'Version',
    company: 'Company name',
    company_cap: 'Company CAP',
    comment: 'Comment',
    description: 'Description',
    product: 'Product',
    company_code: 'Company code',
    key_name: 'Key name',
    key_source: 'Key source',
    signing_public_key: 'Signing public key',
  },
  hints: {
    capVersion: 'CAP3 for older terminals, CAP4 for newer ones.',
    exactly: 'Exactly {{n}} characters',
    between: '{{min}} to {{max}} characters',
    upTo: 'Up to {{max}} characters',
    companyCode: 'CAP4 only, 1 to {{max}} characters',
    companyId: 'Leave empty for your own company.',
    appNameOfModel: 'This model takes app names of up to {{max}} characters.',
    folder:
      'One folder without sub-folders: the application file (.bin or .apk) and its other files ({{kinds}}).',
    publicKey:
      'The RSA public key (2048 to 8192 bits) whose private key your company keeps: PEM, or a DER file.',
    keySource: {
      internal: 'The platform makes the new signing key and keeps its private key sealed.',
      external: 'Your company gives its own signing public key and keeps the private key.',
    },
  },
  rules: {
    required: '{{label}} is required',
    min: 'Minimum field length: {{n}}',
    max: 'Maximum field length: {{n}}',
  },
  form: {
    loading: 'Loading…',
    modelPlaceholder: 'Choose a model',
    nothingFound: 'Nothing found',
    ownCompany: 'Your company',
    appFileFirst: 'Choose the folder first',
    appFileNone: 'No file of this type',
    cancel: 'Cancel',
  },
  appTypes: {
    bin: 'BIN',
    apk: 'APK',
  },
  keySources: {
    internal: 'Internal',
    external: 'External',
  },
  folder: {
    choose: 'Choose folder',
    change: 'Choose another folder',
    input: 'Source folder',
    chosen: '{{name}}: {{n}} files, {{size}}',
    unnamed: 'Folder',
    files: 'Files in the folder',
    more: 'and {{n}} more',
    problemWithFile: '{{message}} ({{file}})',
    retry: 'Please Retry opening file / folder',
    aborted: 'The user aborted a request.',
  },
  progress: {
    hashing: 'Computing SHA-256',
    uploading: 'Uploading',
    rate: '{{percent}} % · {{rate}} MB/s',
    checking: 'The server is checking the files…',
    building: 'The server is building the CAP…',
  },
  status: {
    building: 'Building',
    ready: 'Ready',
    failed: 'Failed',
    confirmed: 'Confirmed',
    superseded: 'Superseded',
  },
  list: {
    search: 'Search',
    searchGeneral: 'App name, file or creator',
    searchKey: 'Key name, file or creator',
    status: 'Status',
    statusAny: 'Any status',
    emptyGeneral: 'No CAPs made yet',
    emptyKey: 'No Key CAPs made yet',
    fileCount: 'Files: {{n}}',
    newSigningFingerprint: 'New signing key',
    downloadOf: 'Download {{name}}',
    confirmOf: 'Confirm the Key CAP {{name}}',
    columns: {
      date: 'Made',
      appName: 'App name / file',
      keyName: 'Key name / file',
      model: 'Model',
      files: 'Source',
      sha256: 'SHA-256',
      keySource: 'Key source',
      kcv: 'KCV',
      status: 'Status',
      company: 'Company',
      creator: 'Made by',
      actions: 'Actions',
    },
  },
  actions: {
    download: 'Download',
    confirm: 'Confirm Key CAP',
    copy: 'Copy',
    copied: 'Copied',
    copyOf: 'Copy {{name}}',
  },
  confirm: {
    title: 'Confirm the Key CAP',
    body: 'Have your terminals loaded the Key CAP {{name}}?',
    effect:
      'Its key set becomes the company’s current ULD User set: new CAPs and signatures use it, the former set is retired, and other unconfirmed Key CAPs are superseded.',
  },
  keySets: {
    title: 'ULD key sets',
    titleOf: 'ULD key sets of {{company}}',
    intro:
      'The public halves of the company’s key sets, by SHA-256 fingerprint. Private keys never leave the server.',
    tableLabel: 'ULD key sets',
    generation: 'Generation {{n}}',
    columns: {
      kind: 'Set',
      status: 'Status',
      name: 'Name',
      kek: 'Key-encryption key',
      signing: 'Signing key',
      created: 'Created',
    },
    kinds: {
      manufacturer: 'Manufacturer',
      user: 'User',
    },
    statuses: {
      current: 'Current',
      pending: 'Pending',
      retired: 'Retired',
      superseded: 'Superseded',
    },
  },
};

export type CapMakerTexts = typeof capMaker;

export default capMaker;
