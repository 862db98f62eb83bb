import type { Page } from '@playwright/test';
import { api, createUser, newTestUser, signInThroughApi } from '../support/api';
import { expect, openSignedIn, test } from '../support/fixtures';
import { createCompanyThroughApi, uniqueCode } from '../support/management';

// The API's refusals are translated by their code and shown where the user looks: under the field
// they name (company code, invitation e-mail), and an import with rejected lines says how many
// were imported and rejected instead of "Success!". Once in German, once in English.

type Texts = {
  newCompany: string;
  createTitle: string;
  code: string;
  name: string;
  keyErase: string;
  create: string;
  codeTaken: (code: string) => string;
  companyCreated: string;
  company: string;
  invite: string;
  inviteTitle: string;
  email: string;
  send: string;
  invited: string;
  pending: (email: string) => string;
  hasAccount: (email: string) => string;
  report: string;
  summary: string;
  rejectedLines: string;
  badFormat: string;
  importAction: string;
  importSuccess: string;
};

const english: Texts = {
  newCompany: 'New company',
  createTitle: 'Create a company',
  code: 'Company code',
  name: 'Company name',
  keyErase: 'Key Erase',
  create: 'Create',
  codeTaken: (code) => `Company code ${code} is already taken`,
  companyCreated: 'Create Company Success!',
  company: 'Company',
  invite: 'Invite user',
  inviteTitle: 'Invite a user',
  email: 'Email',
  send: 'Send invitation',
  invited: 'Invite User Success!',
  pending: (email) => `${email} already has a pending invitation`,
  hasAccount: (email) => `${email} already has an account`,
  report: 'Import report',
  summary: '1,200 imported, 1 rejected',
  rejectedLines: 'Rejected lines',
  badFormat: 'Not a valid serial number',
  importAction: 'Import Serial Numbers',
  importSuccess: 'Import Serial Numbers Success!',
};

const german: Texts = {
  newCompany: 'Neue Firma',
  createTitle: 'Eine Firma anlegen',
  code: 'Firmencode',
  name: 'Firmenname',
  keyErase: 'Schlüssellöschung',
  create: 'Anlegen',
  codeTaken: (code) => `Der Firmencode ${code} ist bereits vergeben`,
  companyCreated: 'Firma anlegen erfolgreich!',
  company: 'Firma',
  invite: 'Benutzer einladen',
  inviteTitle: 'Einen Benutzer einladen',
  email: 'E-Mail',
  send: 'Einladung senden',
  invited: 'Benutzer einladen erfolgreich!',
  pending: (email) => `${email} hat bereits eine offene Einladung`,
  hasAccount: (email) => `${email} hat bereits ein Konto`,
  report: 'Importbericht',
  // German groups thousands with a dot.
  summary: '1.200 importiert, 1 abgelehnt',
  rejectedLines: 'Abgelehnte Zeilen',
  badFormat: 'Keine gültige Seriennummer',
  importAction: 'Seriennummern importieren',
  importSuccess: 'Seriennummern importieren erfolgreich!',
};

/** Chooses the language on the sign-in page, as a visitor does; the choice is kept. */
async function chooseLanguage(page: Page, baseUrl: string, lng: 'de' | 'en') {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption(lng);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

for (const [lng, x] of [
  ['de', german],
  ['en', english],
] as const) {
  test(`${lng}: a taken company code and an invited address show at their field, an import with rejected lines gives the counts`, async ({
    page,
    stack,
  }) => {
    const owner = await createUser(stack, 'plf-owner', 'owner');
    const admin = await createUser(stack, 'plf-admin', 'platform');
    const ownerSession = await signInThroughApi(stack, owner);
    const taken = await createCompanyThroughApi(stack, ownerSession.token, {
      code: uniqueCode('TAKEN'),
      name: 'Taken Terminals',
    });
    const prefix = `E${uniqueCode('').slice(-6)}`;
    const model = await api(stack, '/models', {
      token: ownerSession.token,
      body: { name: `Errors ${prefix}`, family: 'newer', prefixes: [prefix] },
    });
    expect(model.status).toBe(200);

    await chooseLanguage(page, stack.baseUrl, lng);
    await openSignedIn(page, stack, admin, '/admin/company');

    // A company code that is taken: the server's 409, translated, under the code field.
    await page.getByRole('button', { name: x.newCompany }).click();
    const form = page.getByRole('dialog', { name: x.createTitle });
    const code = form.getByRole('textbox', { name: x.code });
    await code.fill(taken.code);
    await form.getByRole('textbox', { name: x.name }).fill('Second Terminals');
    await form.getByRole('button', { name: x.create, exact: true }).click();
    await expect(code).toHaveAccessibleDescription(new RegExp(x.codeTaken(taken.code)));
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toBeVisible();
    // Another code clears it; the new company gets a Key Erase licence for its first invitation.
    const newCode = uniqueCode('FRESH');
    await code.fill(newCode);
    await expect(code).not.toHaveAccessibleDescription(new RegExp(x.codeTaken(taken.code)));
    await form.getByRole('textbox', { name: x.keyErase }).fill('1');
    await form.getByRole('button', { name: x.create, exact: true }).click();
    await expect(page.getByText(x.companyCreated)).toBeVisible();
    await expect(form).toBeHidden();

    // The first invitation with a role in the new company goes through.
    await page.goto(`${stack.baseUrl}/admin/user`);
    await page.getByRole('combobox', { name: x.company }).click();
    await page.getByRole('option', { name: `${newCode} · Second Terminals` }).click();
    const invitee = newTestUser('invitee');
    await page.getByRole('button', { name: x.invite }).click();
    const dialog = page.getByRole('dialog', { name: x.inviteTitle });
    await dialog.getByRole('textbox', { name: x.email }).fill(invitee.email);
    await dialog
      .getByRole('radiogroup', { name: new RegExp(`^${x.keyErase}`) })
      .getByRole('radio', { name: x.keyErase })
      .check();
    await dialog.getByRole('button', { name: x.send }).click();
    await expect(page.getByText(x.invited)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Inviting the same address again: the 409, translated, under the e-mail field.
    await page.getByRole('button', { name: x.invite }).click();
    const email = dialog.getByRole('textbox', { name: x.email });
    await email.fill(invitee.email);
    await dialog.getByRole('button', { name: x.send }).click();
    await expect(email).toHaveAccessibleDescription(x.pending(invitee.email));
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    // An address with an account, likewise.
    await email.fill(admin.email);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: x.send }).click();
    await expect(email).toHaveAccessibleDescription(x.hasAccount(admin.email));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // An import with one bad line among 1,200 good ones: the counts, and the report of that line.
    await page.goto(`${stack.baseUrl}/admin/company/sn?company=${taken.id}`);
    const serials = Array.from(
      { length: 1200 },
      (_, i) => `${prefix}${String(i).padStart(6, '0')}`,
    );
    const csv = ['sn', ...serials.slice(0, 600), 'not a serial!', ...serials.slice(600)];
    await page.locator('input[type="file"]').setInputFiles({
      name: 'serials.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv.join('\r\n')}\r\n`),
    });
    // The toast (first: it goes after 3 s) gives the counts, never "Success!".
    const toast = page.getByRole('alert').filter({ hasText: x.importAction });
    await expect(toast).toContainText(x.summary);
    await expect(page.getByText(x.importSuccess)).toHaveCount(0);
    const report = page.getByRole('region', { name: x.report });
    await expect(report.getByText(x.summary, { exact: true })).toBeVisible();
    const rejected = report.getByRole('table', { name: x.rejectedLines });
    await expect(rejected.getByRole('row')).toHaveCount(2);
    await expect(rejected.getByRole('row').nth(1)).toContainText('602');
    await expect(rejected.getByRole('row').nth(1)).toContainText('not a serial!');
    await expect(rejected.getByRole('row').nth(1)).toContainText(x.badFormat);
  });
}
