import apkFiles from './apk-files/de';
import cap from './cap/de';
import capFiles from './cap-files/de';
import crt from './crt/de';
import type { ApiErrorTexts } from './en';
import signer from './signer/de';
import uploads from './uploads/de';

const apiErrors: ApiErrorTexts = {
  'request.not_found': 'Nicht gefunden',
  'request.invalid_json': 'Der Inhalt ist kein gültiges JSON',
  'request.not_object': 'Der Inhalt der Anfrage muss ein JSON-Objekt sein',
  'request.invalid': '{{field}}: {{message}}',
  'request.invalid_text':
    '{{field}}: Der Text darf keine NUL-Zeichen und keine unpaarigen Surrogate enthalten',
  'request.too_large': 'Der Inhalt der Anfrage ist zu groß',
  'request.unsupported_type': 'Nicht unterstützter Inhaltstyp',
  'request.rejected': 'Die Anfrage ist ungültig',
  'request.rate_limited': 'Zu viele Anfragen, bitte versuchen Sie es später erneut',
  'server.error': 'Serverfehler',
  'server.unavailable': 'Der Server wird heruntergefahren, bitte versuchen Sie es erneut',

  'access.no_authid': 'Keine Sitzung (AuthId)',
  'access.session_ended': 'Bitte melden Sie sich erneut an.',
  'access.session_idle': 'Bitte melden Sie sich erneut an.',
  'access.no_admin_token': 'Kein Administrator-Token',
  'access.no_metrics_token': 'Kein Metrik-Token',
  'access.forbidden': 'Verboten',

  'auth.login_incorrect': 'E-Mail oder Passwort ist falsch',
  'auth.multiple_devices': 'Die Anmeldung auf mehreren Geräten ist nicht erlaubt',
  'auth.multiple_devices_verify':
    'Die Anmeldung auf mehreren Geräten ist nicht erlaubt. Geben Sie den neuen Bestätigungscode ein, um das andere Gerät abzumelden',
  'auth.otp_invalid': 'E-Mail, Passwort oder Code ist ungültig.',
  'auth.verification_expired': 'E-Mail, Passwort oder Code ist ungültig.',
  'auth.invalid_email': 'Ungültige E-Mail',
  'auth.account_locked':
    'Zu viele fehlgeschlagene Anmeldungen: Dieses Konto ist für 15 Minuten gesperrt',
  'auth.too_many_codes': 'Zu viele falsche Codes: Bitte warten Sie, bevor Sie es erneut versuchen',
  'auth.account_disabled': 'Dieses Konto wurde gesperrt',
  'auth.email_not_registered': 'Diese E-Mail ist nicht registriert.',
  'auth.account_not_registered': 'Dieses Konto ist noch nicht registriert.',
  'auth.invalid_link':
    'Der Link ist möglicherweise abgelaufen oder wurde nicht korrekt eingegeben.',
  'auth.email_registered':
    'Diese E-Mail ist bereits registriert, bitte melden Sie sich stattdessen an.',
  'auth.old_password_wrong': 'Das alte Passwort ist falsch',
  'auth.code_invalid': 'Der Code ist ungültig',
  'auth.totp_not_pending': 'Starten Sie zuerst die Einrichtung des Authenticators',
  'auth.totp_off': 'Die Authenticator-App ist nicht eingeschaltet',
  'auth.email_codes_off':
    'E-Mail-Codes sind für dieses Konto ausgeschaltet: Verwenden Sie Ihre Authenticator-App',
  'auth.too_many_password_checks':
    'Zu viele Passwortversuche: Bitte warten Sie, bevor Sie es erneut versuchen',

  'user.licence_exhausted':
    'Keine {{group}}-Lizenz mehr frei für Firma {{company}}: {{used}} von {{total}} belegt',
  'user.cannot_remove_own_admin': 'Sie können sich Ihre eigene Verwaltungsrolle nicht entziehen',
  'user.cannot_disable_self': 'Sie können Ihr eigenes Konto nicht sperren',
  'user.platform_role_only': 'Die Rolle {{role}} kann nur in der Plattformfirma vergeben werden',
  'user.only_owner_grants_owner':
    'Nur ein Plattforminhaber kann die Rolle Plattforminhaber vergeben',
  'user.only_admin_grants_admin':
    'Nur ein Plattformadministrator kann die Rolle Plattformadministrator vergeben',
  'invitation.role_invalid': 'Die Rolle „{{role}}“ ist für Firma {{company}} nicht gültig',
  'invitation.company_not_found': 'Firma {{company}} nicht gefunden',
  'invitation.platform_roles_only':
    'Plattformrollen können nur in der Plattformfirma vergeben werden',
  'invitation.already_pending': '{{email}} hat bereits eine offene Einladung',
  'invitation.already_user': '{{email}} hat bereits ein Konto',
  'invitation.resend_limited':
    'Diese Einladung wurde zu oft gesendet: Bitte warten Sie, bevor Sie sie erneut senden',

  'company.code_taken': 'Der Firmencode {{code}} ist bereits vergeben',
  'company.platform_keeps_code': 'Die Plattformfirma behält ihren Code',
  'sn.no_model': 'Kein unterstütztes Modell hat ein Präfix der Seriennummer {{sn}}',
  'sn.in_this_company': 'Die Seriennummer {{sn}} ist bereits in dieser Firma',
  'sn.other_company': 'Die Seriennummer {{sn}} gehört zu einer anderen Firma',
  'sn.import_too_large': 'Die Datei ist größer als {{mb}} MB',
  'sn.import_not_csv': 'Senden Sie die Datei als text/csv',
  'sn.import_line_too_long': 'Zeile {{line}} ist länger als {{max}} Zeichen',
  'model.name_taken': 'Das Modell {{name}} gibt es bereits',
  'model.prefix_taken': 'Das Präfix {{prefixes}} gehört bereits zu einem anderen Modell',

  'erase.refused': '{{message}}',
  'erase.not_reportable': 'Nur ein fehlgeschlagenes Löschen kann gemeldet werden',
  'erase.demo_off': 'Nicht gefunden',
  ...apkFiles,
  ...capFiles,
  ...signer,
  ...cap,
  ...crt,
  ...uploads,
};

export default apiErrors;
