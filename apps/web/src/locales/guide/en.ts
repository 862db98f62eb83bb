// The 'guide' namespace: the User Guide. English is the reference; every language has exactly
// these keys and as many steps and tips per topic (a unit test and the GuideBundle type check it).

const en = {
  intro:
    'How to use each part of Terminal Key Console, in short steps. Parts marked "Coming" are not available yet. Your administrator decides which parts you can open.',
  contents: 'Contents',
  search: 'Search the guide',
  noMatch: 'No topic matches your search.',
  who: 'Who:',
  steps: 'Step by step',
  planned: 'What it will do',
  tips: 'Good to know',
  example: 'Example',
  coming: 'Coming',
  topics: {
    signIn: {
      title: 'Signing in and second factors',
      who: 'Everyone. Accounts are created by invitation only.',
      summary:
        'You sign in with your e-mail address, your password and a second factor: the 6-digit code of an authenticator app, or a 6-digit code sent to you by e-mail.',
      steps: [
        'Enter your e-mail address and password and press Continue.',
        'Choose how to confirm it is you: Authenticator (the code your app shows now) or Email (a code is mailed to you at once and is valid for 5 minutes).',
        'Type the 6 digits. The console continues by itself after the sixth digit.',
        'Without your phone, choose "Use a recovery code instead" on the authenticator code page and type one of your saved recovery codes. Each recovery code works once.',
      ],
      tips: [
        'The code page closes after 5 minutes without a code: sign in again for a new one.',
        'Only one device can be signed in at a time. If you are signed in elsewhere, the console asks for a new code and then signs the other device out ("Logout Other Device").',
        'Forgot your password? Use "Forgot Password ?" on the sign-in page. The link in the mail is valid for 1 hour.',
        'Ten wrong passwords in a row lock the account for 15 minutes.',
        'A session lasts one hour. A minute before the end the console asks whether to keep you signed in ("Keep Me Logged in").',
      ],
    },
    account: {
      title: 'Account settings and two-step authentication',
      who: 'Everyone, for their own account.',
      summary:
        'Account Settings (user menu, or "Account and Settings" in the side menu) holds your profile, your second factor, your password and your session.',
      steps: [
        'Profile: change your names, telephone, time zone, address, the language of the console and of your mails, and whether your digest is daily or weekly. Press "Save changes".',
        'Authenticator app (recommended): in Two-Step Authentication press "Set up authenticator app", scan the QR code with your app (or type the secret key shown below it), then enter the 6-digit code the app shows.',
        'Save the 10 recovery codes that appear: copy or download them and keep them away from your phone. They are shown only once. Tick "I have saved these recovery codes" and press Done.',
        'To switch to e-mail codes or to turn the authenticator off, confirm with a code from the app or with a recovery code.',
        'Password: enter your old password and the new one twice. The new password needs at least 8 characters, an uppercase letter and a number; the meter also counts a lowercase letter and a special character.',
        'Session: see until when you are signed in on this device, and sign out.',
      ],
      tips: [
        'Every change of password or second factor is confirmed by a mail. If you did not make the change, tell your administrator at once.',
        'Setting up a new authenticator replaces the old one and all your recovery codes.',
        'A refused authenticator code usually means the phone clock is off: set it to automatic time.',
      ],
    },
    keyErase: {
      title: 'Key Erase, step by step',
      who: 'Users with the Key Erase role run erases; company and platform administrators read the log.',
      summary:
        "Key Erase returns a terminal's customised key to its original (ULD default) key. The terminal is connected to your computer by a USB serial cable and the console talks to it from the browser.",
      steps: [
        'Use Chrome or Edge on a computer: the console needs Web Serial, which other browsers do not offer.',
        'Put the terminal in SULD mode (see "How to enable SULD mode") and connect it with the USB serial cable.',
        "Open Key Erase, start the erase and choose the terminal's port when the browser asks.",
        'The console reads the serial number (SN) and a random challenge (RN) from the terminal, asks the server to authorise this terminal, resets it and erases the custom key.',
        'Wait for the result and do not unplug the cable meanwhile. Success means the terminal is back on its original key.',
        'Every run, successful or not, is recorded in the Key Erase log with its status.',
      ],
      tips: [
        'The serial number must be registered to your company and its prefix must belong to a supported model; otherwise the server refuses ("403 Not Allowed Action" or "Unsupported Model").',
        'A failed run shows its reason and, where it helps, a link to the matching question below.',
        'From the log you can report a failed run to support with a note.',
        'The dashboard\'s "Failed" button counts the failed runs of the last 30 days and opens the log.',
      ],
    },
    enableSuld: {
      title: 'How to enable SULD mode',
      who: 'Whoever runs a Key Erase.',
      summary:
        'In SULD mode (secure user loader) the terminal accepts loader commands over the serial cable. Outside it, the terminal answers every command with SULD_NOT_ENABLED and the run ends with "SULD Mode is not enabled (Terminal Respond)".',
      steps: [
        'Connect the terminal to power and switch it off.',
        "Start it into its maintenance (system) menu. The key to hold while switching on depends on the model: see the model's manual.",
        'Enter the maintenance password if asked, open the loader settings and switch SULD mode on.',
        'Leave the terminal on the loader screen, connect the USB serial cable and start the erase.',
      ],
      tips: [
        '"Failed Initiation (Terminal Connected)" often means the terminal is not in SULD mode, or that another program holds the serial port: close other serial tools and try again.',
        '"Failed Initiation (Terminal Not Selected)" means no port was chosen in the browser\'s dialog.',
      ],
    },
    findSerialNumber: {
      title: 'How to find the serial number in the terminal',
      who: 'Whoever runs a Key Erase or manages serial numbers.',
      summary:
        'The console reads the serial number from the terminal during an erase. To compare it with your records, find it on the device.',
      steps: [
        'Look at the label on the back of the terminal or under the battery cover: the serial number follows "S/N".',
        "Or open the system information screen of the terminal's maintenance menu.",
        'If a run ends with "Serial Number is Empty" or "Get SN Failed", the terminal did not report it: check the cable and SULD mode, then try again.',
      ],
      tips: ['Write the number exactly as printed; letters are not case-sensitive in the console.'],
    },
    checkSerialNumber: {
      title: 'How to check that the serial number is valid',
      who: 'Whoever runs a Key Erase; administrators for the registration.',
      summary: 'A terminal can be erased only when its serial number passes three checks.',
      steps: [
        'It has 4 to 32 letters or digits, without spaces or dashes.',
        'Its first characters (the prefix) belong to a supported model: see Model.',
        'It is registered to your company: administrators find it under Company, Serial Number.',
      ],
      tips: [
        "If the label and the number the terminal reports differ, send both to support with the failed run's report.",
      ],
    },
    users: {
      title: 'Users, invitations and licences',
      who: 'Company administrators for their company; platform administrators for every company.',
      summary:
        "User (side menu) lists your company's users and the invitations not yet accepted. Accounts come only from invitations.",
      steps: [
        'Press Invite, enter the e-mail address and choose the roles: per feature at most one role (CAP Maker: Manager, Advanced or User; Signer: Manager or User; Certificate: Manager or User; Key Erase).',
        'The person receives a mail with a link valid for 7 days, completes the account (names, password, time zone, telephone) and accepts the terms.',
        'Pending and expired invitations show in the list: resend or withdraw them there.',
        'Open a user to change the roles or to disable the account; a disabled user cannot sign in.',
      ],
      tips: [
        'Licences count seats per feature (CAP Maker, Signer, Certificate, Key Erase): every user with a role of the feature and every pending invitation that would grant one takes a seat. When the seats are used up, ask your platform administrator for more.',
        'Only the platform owner can create or change platform owner accounts.',
      ],
    },
    companies: {
      title: 'Companies and serial numbers',
      who: 'Platform administrators.',
      summary:
        "Companies have a code, a name, a trial or production tier and licences per feature. Each terminal's serial number is registered to exactly one company.",
      steps: [
        'Company, Overview: create a company, or open one to change its name, tier and licences.',
        'Company, Serial Number: choose the company, then add serial numbers one by one or import a CSV file.',
        'The CSV file holds one serial number per line in its first column. Further columns are ignored; commas, semicolons or tabs separate columns; quotes are allowed; a first line "sn" or "serial number" is read as a header.',
        'After the import the console shows how many numbers were added, how many the company already had, and each refused line with its reason: wrong format, unknown prefix (no model), belongs to another company, or repeated in the file.',
      ],
      tips: [
        'An import is one step: if it fails part-way (for example a file over 16 MB), nothing is imported.',
        'Add the model and its prefixes first: numbers with an unknown prefix are refused.',
      ],
    },
    models: {
      title: 'Models and prefixes',
      who: 'Everyone sees the models; administrators and model viewers also see the prefixes; only the platform owner edits.',
      summary:
        'Model lists the supported terminal models. A prefix is the start of the serial numbers of a model; it tells the console which model a terminal is.',
      steps: [
        'Open Model to see each model, its family (older or newer) and its description.',
        'Platform owner: add a model with its name, family and prefixes (1 to 16 letters or digits each), or edit one.',
      ],
      tips: [
        'The family sets the limit for app names in CAP files: 20 characters for older models, 64 for newer ones.',
        'A terminal whose serial number matches no prefix cannot be erased ("Unsupported Model").',
      ],
    },
    audit: {
      title: 'Audit log and export',
      who: 'Platform administrators for every company; company administrators for their own.',
      summary:
        'The audit log records every sign-in, failed attempt and sign-out, and every change: who, company, action, target, address, result and time.',
      steps: [
        'Open Audit Log and narrow the list by dates, action, result or search text; sort by any column.',
        'Export downloads the filtered events as a CSV file that opens in any spreadsheet.',
        'The chain check shows whether the log is intact: each event stores a fingerprint of the one before, so a changed or deleted event is found.',
      ],
      tips: [
        'In the export, a cell that would start a spreadsheet formula begins with an apostrophe, so opening the file is safe.',
      ],
    },
    capMaker: {
      title: 'CAP Maker',
      who: 'CAP Maker roles: Manager, Advanced and User.',
      summary:
        'CAP Maker will generate the information (CAP) files terminals need. It is not available yet.',
      steps: [
        'General: pack a folder of application files into a signed CAP file for your terminals.',
        'Key: make key CAP files from the key-generation centre.',
        'Certificate: make certificate CAP files.',
      ],
      tips: ['Until then, the CAP Maker pages say that they are not built yet.'],
    },
    signer: {
      title: 'Signer',
      who: 'Signer roles: Signer User requests, Signer Manager decides.',
      summary:
        "Signer will sign APK and CAP files with your company's keys. It is not available yet.",
      steps: [
        'A Signer User uploads an APK or CAP file and requests a signature.',
        'A Signer Manager of the same company approves, views or rejects the request. Nobody approves their own request.',
        'The signed file is then ready to download.',
      ],
      tips: ['The Signer is switched on per installation by your platform administrator.'],
    },
    certificate: {
      title: 'Certificate CAP and Key Certificate Group',
      who: 'Certificate roles (Manager and User) and platform administrators.',
      summary:
        "Certificate CAP will generate CAP files that carry a new certificate chain and update a terminal's key. It is not available yet.",
      steps: [
        'Certificate: make a certificate CAP for a terminal model.',
        'Key Certificate Group: key-generation work for the head-office security centre.',
      ],
      tips: ['Both pages appear in the CAP Maker menu for the roles that may use them.'],
    },
  },
};

type DeepStrings<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends readonly string[]
      ? string[]
      : DeepStrings<T[K]>;
};
/** The shape every language must fill, key for key. */
export type GuideBundle = DeepStrings<typeof en>;
export default en;
