// Every error the API answers: a stable code, its HTTP status, the English text (`msg`) with its
// `{param}` slots, and the form field it belongs to when there is one. The server builds each
// error body from here (`{status, msg, code, params}`); the SPA translates by code, in six
// languages, with the same params (docs/api.md#errors).

import { APK_FILE_ERRORS } from './errors-apk-files';
import { CAP_ERRORS } from './errors-cap';
import { CAP_FILE_ERRORS } from './errors-cap-files';
import { CRT_ERRORS } from './errors-crt';
import { SIGNER_ERRORS } from './errors-signer';
import { UPLOAD_ERRORS } from './errors-uploads';

export type ErrorDef = {
  status: number;
  msg: string;
  /** The form field the error belongs to, so a form can show it there. */
  field?: string;
};

// Each tool keeps its codes in a file of its own (errors-*.ts), merged here.
const CORE_ERRORS = {
  // --- The request itself ---
  'request.not_found': { status: 404, msg: 'Not Found' },
  'request.invalid_json': { status: 400, msg: 'Body is not valid JSON' },
  'request.not_object': { status: 400, msg: 'Request body must be a JSON object' },
  /** A body, query or path value broke its rule; `message` is the rule's own (translated) text. */
  'request.invalid': { status: 400, msg: '{field}: {message}' },
  'request.invalid_text': {
    status: 400,
    msg: '{field}: text must not hold NUL characters or unpaired surrogates',
  },
  'request.too_large': { status: 413, msg: 'Request body is too large' },
  'request.unsupported_type': { status: 415, msg: 'Unsupported content type' },
  'request.rejected': { status: 400, msg: 'Request is not valid' },
  'request.rate_limited': { status: 429, msg: 'Too many requests, please try again later' },
  'server.error': { status: 500, msg: 'Server Error' },
  'server.unavailable': { status: 503, msg: 'The server is shutting down, please try again' },

  // --- Who is asking ---
  'access.no_authid': { status: 401, msg: 'No AuthId' },
  'access.session_ended': { status: 401, msg: 'Please Login again.' },
  'access.session_idle': { status: 401, msg: 'Please Login again.' },
  'access.no_admin_token': { status: 401, msg: 'No admin token' },
  'access.no_metrics_token': { status: 401, msg: 'No metrics token' },
  'access.forbidden': { status: 403, msg: 'Forbidden' },

  // --- Sign-in, sign-up, reset, profile, factors ---
  'auth.login_incorrect': { status: 400, msg: 'Email or password is incorrect' },
  'auth.multiple_devices': { status: 409, msg: 'Logging in multiple devices is not allowed' },
  'auth.multiple_devices_verify': {
    status: 409,
    msg: 'Logging in multiple devices is not allowed, fill in the new verification code to logout other device',
  },
  'auth.otp_invalid': { status: 400, msg: 'The provided email, password, or OTP is invalid.' },
  'auth.verification_expired': {
    status: 400,
    msg: 'The provided email, password, or OTP is invalid.',
  },
  'auth.invalid_email': { status: 400, msg: 'Invalid Email' },
  'auth.account_locked': {
    status: 429,
    msg: 'Too many failed sign-ins: this account is locked for 15 minutes',
  },
  'auth.too_many_codes': {
    status: 429,
    msg: 'Too many wrong codes: please wait before trying again',
  },
  'auth.account_disabled': { status: 403, msg: 'This account has been disabled' },
  'auth.email_not_registered': { status: 400, msg: "This Email hasn't been registered." },
  'auth.account_not_registered': { status: 404, msg: "This account hasn't been registered yet." },
  'auth.invalid_link': {
    status: 400,
    msg: 'The link may have expired or not been typed correctly.',
  },
  'auth.email_registered': {
    status: 400,
    msg: 'This Email has been Registered, please login instead.',
    field: 'email',
  },
  'auth.old_password_wrong': {
    status: 400,
    msg: 'The old password is incorrect',
    field: 'old_password',
  },
  'auth.code_invalid': { status: 400, msg: 'The code is not valid', field: 'code' },
  'auth.totp_not_pending': { status: 400, msg: 'Start the authenticator set-up first' },
  'auth.totp_off': { status: 400, msg: 'The authenticator app is not turned on' },
  'auth.email_codes_off': {
    status: 400,
    msg: 'E-mail codes are turned off for this account: use your authenticator app',
  },
  'auth.too_many_password_checks': {
    status: 429,
    msg: 'Too many password attempts: please wait before trying again',
    field: 'old_password',
  },

  // --- Users and invitations ---
  'user.licence_exhausted': {
    status: 400,
    msg: 'No {group} licence left for company {company}: {used} of {total} in use',
    field: 'roles',
  },
  'user.cannot_remove_own_admin': {
    status: 400,
    msg: 'You cannot remove your own management role',
    field: 'roles',
  },
  'user.cannot_disable_self': { status: 400, msg: 'You cannot disable your own account' },
  'user.platform_role_only': {
    status: 403,
    msg: 'The role {role} can only be granted in the platform company',
    field: 'roles',
  },
  'user.only_owner_grants_owner': {
    status: 403,
    msg: 'Only a platform owner can grant the platform owner role',
    field: 'roles',
  },
  'user.only_admin_grants_admin': {
    status: 403,
    msg: 'Only a platform administrator can grant the platform administrator role',
    field: 'roles',
  },
  'invitation.role_invalid': {
    status: 400,
    msg: "Role '{role}' is not valid for company {company}",
    field: 'roles',
  },
  'invitation.company_not_found': {
    status: 404,
    msg: 'Company {company} not found',
    field: 'company_id',
  },
  'invitation.platform_roles_only': {
    status: 400,
    msg: 'Platform roles can only be granted in the platform company',
    field: 'roles',
  },
  'invitation.already_pending': {
    status: 409,
    msg: '{email} already has a pending invitation',
    field: 'email',
  },
  'invitation.already_user': {
    status: 409,
    msg: '{email} already has an account',
    field: 'email',
  },
  'invitation.resend_limited': {
    status: 429,
    msg: 'This invitation was sent too often: please wait before sending it again',
  },

  // --- Companies, serial numbers, models ---
  'company.code_taken': { status: 409, msg: 'Company code {code} is already taken', field: 'code' },
  'company.platform_keeps_code': {
    status: 400,
    msg: 'The platform company keeps its code',
    field: 'code',
  },
  'sn.no_model': {
    status: 400,
    msg: 'No supported model has a prefix of serial number {sn}',
    field: 'sn',
  },
  'sn.in_this_company': {
    status: 409,
    msg: 'Serial number {sn} is already in this company',
    field: 'sn',
  },
  'sn.other_company': {
    status: 409,
    msg: 'Serial number {sn} belongs to another company',
    field: 'sn',
  },
  'sn.import_too_large': { status: 413, msg: 'The file is larger than {mb} MB' },
  'sn.import_not_csv': { status: 415, msg: 'Send the file as text/csv' },
  'sn.import_line_too_long': {
    status: 400,
    msg: 'Line {line} is longer than {max} characters',
  },
  'model.name_taken': { status: 409, msg: 'Model {name} already exists', field: 'name' },
  'model.prefix_taken': {
    status: 409,
    msg: 'Prefix {prefixes} already belongs to another model',
    field: 'prefixes',
  },

  // --- Key Erase ---
  /** A refused authorisation; `index` is the erase status the run ends with. */
  'erase.refused': { status: 400, msg: '{message}' },
  'erase.not_reportable': { status: 400, msg: 'Only a failed erase can be reported' },
  'erase.demo_off': { status: 404, msg: 'Not Found' },
} as const satisfies Record<string, ErrorDef>;

export const API_ERRORS = {
  ...CORE_ERRORS,
  ...APK_FILE_ERRORS,
  ...CAP_FILE_ERRORS,
  ...SIGNER_ERRORS,
  ...CAP_ERRORS,
  ...CRT_ERRORS,
  ...UPLOAD_ERRORS,
} as const satisfies Record<string, ErrorDef>;

export type ApiErrorCode = keyof typeof API_ERRORS;
export type ErrorParams = Record<string, string | number>;

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === 'string' && Object.hasOwn(API_ERRORS, value);

/** The English text of an error: its template with the params put in. */
export function errorText(code: ApiErrorCode, params: ErrorParams = {}): string {
  const template: string = API_ERRORS[code].msg;
  const text = template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : slot,
  );
  // A validation error without a field reads as the rule's message alone.
  return code === 'request.invalid' && !params.field ? String(params.message ?? text) : text;
}

/** The field a coded error belongs to, for forms. */
export const errorField = (code: ApiErrorCode): string | undefined =>
  (API_ERRORS[code] as ErrorDef).field;
