// Terms and conditions (docs/product.md#terms): trial and production. Numbers (60 days, Taiwan, 90 days)
// come from the contracts constants as interpolation values so every language says the same.

const en = {
  title: 'Terms and conditions',
  lastUpdated: 'Last updated: {{date}}',
  versions: { production: 'Production', trial: 'Trial' },
  countries: { Taiwan: 'Taiwan' },
  production: {
    intro:
      'These terms govern the use of Terminal Key Console (the "Service") by your company and its staff under a production agreement.',
    sections: [
      {
        title: 'Acceptance',
        body: 'By creating an account or using the Service on behalf of your company, you accept these terms. If you do not accept them, do not use the Service.',
      },
      {
        title: 'Accounts and access',
        body: 'Accounts are created by invitation only. Each account belongs to one person, is protected by a password and a second factor, and may be signed in on one device at a time. You are responsible for everything done with your account.',
      },
      {
        title: 'Permitted use',
        body: 'Use the Service only to manage terminals, keys, certificates and signed packages that your company owns or is authorised to service, within the roles your administrator grants you.',
      },
      {
        title: 'Sensitive data',
        body: 'You must not store sensitive data in the Service: no payment card data (card numbers, track or chip data, PINs or security codes), no health data and no special categories of personal data.',
      },
      {
        title: 'Keys, signatures and audit',
        body: 'Keys, certificates and signed files produced by the Service are confidential to your company. Sign-ins, changes and tooling actions are recorded in an audit log that your administrators may review.',
      },
      {
        title: 'Availability and changes',
        body: 'We aim to keep the Service available and secure, and may change or improve it. Planned changes that affect your work are announced in advance.',
      },
      {
        title: 'Liability',
        body: 'To the extent the law allows, neither party is liable for indirect or consequential loss. Nothing in these terms limits liability that cannot be limited by law.',
      },
      {
        title: 'Governing law and disputes',
        body: 'These terms are governed by the law of {{country}}. The parties will first try to settle any dispute in good faith within {{disputeDays}} days of written notice before taking it to court.',
      },
    ],
  },
  trial: {
    intro:
      'These terms govern a trial of Terminal Key Console (the "Service") for evaluation before a production agreement.',
    sections: [
      {
        title: 'Trial period',
        body: 'The trial lasts {{trialDays}} days from the activation of your company account. Access ends when the trial period ends unless a production agreement is signed.',
      },
      {
        title: 'Evaluation only',
        body: 'Use the trial only to evaluate the Service with test terminals and test keys. Do not use it to prepare terminals or files for production.',
      },
      {
        title: 'Accounts and access',
        body: 'Accounts are created by invitation only, are personal, and may be signed in on one device at a time. You are responsible for everything done with your account.',
      },
      {
        title: 'Sensitive data',
        body: 'You must not store sensitive data in the Service: no payment card data (card numbers, track or chip data, PINs or security codes), no health data and no special categories of personal data.',
      },
      {
        title: 'No warranty',
        body: 'The trial is provided as it is, without warranty of any kind. Data created during the trial may be deleted after the trial ends.',
      },
      {
        title: 'Governing law and disputes',
        body: 'These terms are governed by the law of {{country}}. The parties will first try to settle any dispute in good faith within {{disputeDays}} days of written notice before taking it to court.',
      },
    ],
  },
};

export type TermsBundle = typeof en;
export default en;
