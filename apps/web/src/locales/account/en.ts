// The 'account' namespace: Account Settings and the dashboard's additions (carousel, Key Erase
// summary, News). English is the reference; every language has exactly these keys (a unit test
// and the AccountBundle type check it).

const en = {
  common: {
    cancel: 'Cancel',
    reset: 'Reset',
    copied: 'Copied',
  },
  sections: {
    label: 'Account settings sections',
    profile: 'Profile',
    mfa: 'Two-Step Authentication',
    password: 'Password',
    session: 'Session',
  },
  profile: {
    title: 'Profile',
    description: 'Your name and contact details, and how the console talks to you.',
    emailFixed: 'Your e-mail address is your sign-in name; an administrator can change it.',
    language: 'Language',
    languageHint: 'Used by the console and by the mails we send you.',
    digest: 'Digest',
    digestHint: 'How often the summary counters start again.',
    daily: 'Daily',
    weekly: 'Weekly',
    required: 'Fields marked * are required.',
    save: 'Save changes',
    saved: 'Your profile has been saved.',
  },
  password: {
    title: 'Password',
    description: 'Change the password you sign in with. You stay signed in on this device.',
    old: 'Old Password',
    hint: 'At least 8 characters with an uppercase letter and a number; a lowercase letter and a special character make it stronger. A mail confirms the change.',
    submit: 'Change password',
    changed: 'Your password has been changed.',
  },
  mfa: {
    title: 'Two-Step Authentication',
    description: 'A second factor protects your account even when your password is known.',
    current: 'Current method:',
    stateNone: 'Not set up',
    stateEmail: 'E-mail codes',
    stateTotp: 'Authenticator app',
    noneOn:
      'You have not chosen a second factor yet, so each sign-in sends a code to {{email}}. An authenticator app is safer.',
    emailOn: 'Each sign-in sends a 6-digit code to {{email}}.',
    totpOn:
      'Each sign-in asks for the 6-digit code of your authenticator app. Without your phone, use one of your recovery codes.',
    promptTitle: 'Finish securing your account',
    prompt:
      'Set up an authenticator app now: it takes a minute and keeps your account safe even if someone learns your password.',
    totpTitle: 'Authenticator app',
    totpDescription:
      'Codes made on your phone by an app such as Google Authenticator, Microsoft Authenticator or any TOTP app. They work offline and cannot be read in a mailbox.',
    recommended: 'Recommended',
    inUse: 'In use',
    totpSetUp: 'Set up authenticator app',
    totpReplace: 'Set up a new authenticator',
    totpOff: 'Turn off the authenticator',
    totpDone: 'The authenticator app is now your second factor.',
    emailTitle: 'E-mail codes',
    emailDescription:
      'A 6-digit code is mailed to you at each sign-in; it is valid for 5 minutes. Simple, but only as safe as your mailbox.',
    emailUse: 'Use e-mail codes',
    emailSwitch: 'Switch to e-mail codes',
    emailDone: 'E-mail codes are now your second factor.',
    offDone: 'The authenticator is turned off: sign-in codes come by e-mail.',
  },
  totp: {
    title: 'Set up your authenticator app',
    step1: '1. Scan the QR code',
    step1Body: 'Open your authenticator app, add an account and scan this code.',
    qrAlt: 'QR code for your authenticator app',
    cannotScan: 'Cannot scan it? Type this secret key into the app instead (time-based, 6 digits).',
    secret: 'Secret key',
    copySecret: 'Copy the secret key',
    onThisDevice: 'Authenticator on this device?',
    openApp: 'Open it in the app',
    step2: '2. Enter the code from the app',
    step2Body: 'The app now shows a 6-digit code that changes every 30 seconds. Enter it here.',
    appsHint: 'Keep the secret key to yourself: anyone who has it can make your codes.',
    clockHint: 'A code that is refused usually means the phone clock is off: set it to automatic.',
    codeLabel: 'Code from the app',
    confirm: 'Verify and turn on',
  },
  recovery: {
    title: 'Your recovery codes',
    once: 'These codes are shown only this once. Save them now.',
    body: 'Each code signs you in once when you do not have your authenticator (choose "Use a recovery code instead" on the code page). Keep them somewhere safe and away from your phone, such as a password manager or a printed copy.',
    listLabel: 'Recovery codes',
    copy: 'Copy codes',
    download: 'Download',
    saved: 'I have saved these recovery codes',
    done: 'Done',
    fileHeading: 'Terminal Key Console recovery codes for {{email}}',
    fileCreated: 'Created {{time}}',
    fileNote: 'Each code works once. Setting up a new authenticator replaces them all.',
  },
  email: {
    title: 'Confirm e-mail codes',
    sent: 'We have sent a 6-digit code to {{email}}. Enter it to confirm.',
    codeLabel: 'Code from the mail',
    noCode: 'No mail?',
    resend: 'Send a new code',
    resent: 'A new code has been sent to your email.',
    confirm: 'Confirm',
  },
  change: {
    emailTitle: 'Switch to e-mail codes',
    emailBody:
      'Confirm with the current code of your authenticator app, or with one of your recovery codes. Your recovery codes stop working.',
    emailConfirm: 'Switch to e-mail codes',
    offTitle: 'Turn off the authenticator',
    offBody:
      'Confirm with the current code of your authenticator app, or with one of your recovery codes. Sign-in codes will come by e-mail and your recovery codes stop working.',
    offConfirm: 'Turn off',
    codeLabel: 'Authenticator or recovery code',
    codeHint: '6 digits from the app, or a recovery code such as k7mx2-qp9rt.',
    codeShape: 'Enter 6 digits or a recovery code (10 letters and digits).',
  },
  session: {
    title: 'Session',
    description: 'Where you are signed in now.',
    thisDevice: 'This device',
    browserOn: '{{browser}} on {{system}}',
    unknownDevice: 'This browser',
    signedInAs: 'Signed in as {{email}}',
    expires: 'Session ends {{time}} (your time zone)',
    expiresUnknown: 'Session end unknown',
    oneDevice:
      'Only one device can be signed in at a time: signing in on another device ends this session. A minute before the end the console offers to keep you signed in.',
  },
  errors: {
    oldPasswordWrong: 'The old password is incorrect',
    codeInvalid: 'The code is not valid. Check it and try again.',
    totpNotPending: 'The set-up has expired. Start the authenticator set-up again.',
    tooManyCodes: 'Too many wrong codes: please wait before trying again.',
  },
  dashboard: {
    carouselLabel: 'Features',
    previous: 'Previous feature',
    next: 'Next feature',
    goTo: 'Show feature {{n}} of {{total}}',
    slide: '{{n}} of {{total}}',
    pagination: 'Feature pages',
    noFeatureCardsAdmin:
      'Feature cards show the tools of your feature roles. Your administrator roles open the tools from the menu.',
    noFeatureCards:
      'No features are assigned to your account yet. Ask your administrator for a role.',
    eraseTitle: 'Key Erase summary',
    eraseWindow: 'Failed runs in the last {{days}} days (since {{date}})',
    eraseLatest: 'Latest failure: {{sn}}, {{time}}',
    eraseNone: 'No failed runs. Well done.',
    eraseError: 'The failed count could not be loaded.',
    failed: 'Failed',
    news: {
      title: 'News',
      welcomeTitle: 'Welcome to Terminal Key Console',
      welcomeBody: 'Release notes and service announcements will appear here.',
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
/** The shape every language must fill, key for key. */
export type AccountBundle = DeepStrings<typeof en>;
export default en;
