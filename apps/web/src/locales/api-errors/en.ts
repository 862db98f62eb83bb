import type { ApiErrorCode } from '@tkc/contracts/api/error-codes';
import apkFiles from './apk-files/en';
import cap from './cap/en';
import capFiles from './cap-files/en';
import crt from './crt/en';
import signer from './signer/en';
import uploads from './uploads/en';

/** The 'apiErrors' namespace: every API error code's text, with the params of its body. */
export type ApiErrorTexts = Record<ApiErrorCode, string>;

// The English texts are the catalogue's templates word for word (locales.test.ts checks it).
const apiErrors: ApiErrorTexts = {
  'request.not_found': 'Not Found',
  'request.invalid_json': 'Body is not valid JSON',
  'request.not_object': 'Request body must be a JSON object',
  'request.invalid': '{{field}}: {{message}}',
  'request.invalid_text': '{{field}}: text must not hold NUL characters or unpaired surrogates',
  'request.too_large': 'Request body is too large',
  'request.unsupported_type': 'Unsupported content type',
  'request.rejected': 'Request is not valid',
  'request.rate_limited': 'Too many requests, please try again later',
  'server.error': 'Server Error',
  'server.unavailable': 'The server is shutting down, please try again',

  'access.no_authid': 'No AuthId',
  'access.session_ended': 'Please Login again.',
  'access.session_idle': 'Please Login again.',
  'access.no_admin_token': 'No admin token',
  'access.no_metrics_token': 'No metrics token',
  'access.forbidden': 'Forbidden',

  'auth.login_incorrect': 'Email or password is incorrect',
  'auth.multiple_devices': 'Logging in multiple devices is not allowed',
  'auth.multiple_devices_verify':
    'Logging in multiple devices is not allowed, fill in the new verification code to logout other device',
  'auth.otp_invalid': 'The provided email, password, or OTP is invalid.',
  'auth.verification_expired': 'The provided email, password, or OTP is invalid.',
  'auth.invalid_email': 'Invalid Email',
  'auth.account_locked': 'Too many failed sign-ins: this account is locked for 15 minutes',
  'auth.too_many_codes': 'Too many wrong codes: please wait before trying again',
  'auth.account_disabled': 'This account has been disabled',
  'auth.email_not_registered': "This Email hasn't been registered.",
  'auth.account_not_registered': "This account hasn't been registered yet.",
  'auth.invalid_link': 'The link may have expired or not been typed correctly.',
  'auth.email_registered': 'This Email has been Registered, please login instead.',
  'auth.old_password_wrong': 'The old password is incorrect',
  'auth.code_invalid': 'The code is not valid',
  'auth.totp_not_pending': 'Start the authenticator set-up first',
  'auth.totp_off': 'The authenticator app is not turned on',
  'auth.email_codes_off':
    'E-mail codes are turned off for this account: use your authenticator app',
  'auth.too_many_password_checks': 'Too many password attempts: please wait before trying again',

  'user.licence_exhausted':
    'No {{group}} licence left for company {{company}}: {{used}} of {{total}} in use',
  'user.cannot_remove_own_admin': 'You cannot remove your own management role',
  'user.cannot_disable_self': 'You cannot disable your own account',
  'user.platform_role_only': 'The role {{role}} can only be granted in the platform company',
  'user.only_owner_grants_owner': 'Only a platform owner can grant the platform owner role',
  'user.only_admin_grants_admin':
    'Only a platform administrator can grant the platform administrator role',
  'invitation.role_invalid': "Role '{{role}}' is not valid for company {{company}}",
  'invitation.company_not_found': 'Company {{company}} not found',
  'invitation.platform_roles_only': 'Platform roles can only be granted in the platform company',
  'invitation.already_pending': '{{email}} already has a pending invitation',
  'invitation.already_user': '{{email}} already has an account',
  'invitation.resend_limited':
    'This invitation was sent too often: please wait before sending it again',

  'company.code_taken': 'Company code {{code}} is already taken',
  'company.platform_keeps_code': 'The platform company keeps its code',
  'sn.no_model': 'No supported model has a prefix of serial number {{sn}}',
  'sn.in_this_company': 'Serial number {{sn}} is already in this company',
  'sn.other_company': 'Serial number {{sn}} belongs to another company',
  'sn.import_too_large': 'The file is larger than {{mb}} MB',
  'sn.import_not_csv': 'Send the file as text/csv',
  'sn.import_line_too_long': 'Line {{line}} is longer than {{max}} characters',
  'model.name_taken': 'Model {{name}} already exists',
  'model.prefix_taken': 'Prefix {{prefixes}} already belongs to another model',

  'erase.refused': '{{message}}',
  'erase.not_reportable': 'Only a failed erase can be reported',
  'erase.demo_off': 'Not Found',
  ...apkFiles,
  ...capFiles,
  ...signer,
  ...cap,
  ...crt,
  ...uploads,
};

export default apiErrors;
