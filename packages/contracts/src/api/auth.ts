import { z } from 'zod';
import {
  emailField,
  ipField,
  languageField,
  otpCodeField,
  passwordHashField,
  recoveryCodeField,
  timeZoneField,
} from '../fields';
import { ok } from './common';

// Request and response bodies of /api/v1/auth/*. Paths are relative to /api/v1.

const mfaMode = z.enum(['totp', 'email']);
export type MfaMode = z.infer<typeof mfaMode>;

/** POST /auth/login: checks the password; 409 while another session lives and force is unset. */
export const loginBody = z.strictObject({
  email: emailField,
  password: passwordHashField,
  ip: ipField,
  force: z.boolean().optional(),
  mode: mfaMode.optional(),
});
export const loginResponse = ok(
  z.object({
    /**
     * The temporary verification token: 5 minutes, single use, bound on the server to this
     * password check. The code steps send it instead of the password.
     */
    verify_token: z.string(),
    /** The second factors this account can use now; TOTP first when set up. */
    methods: z.array(mfaMode),
    /** The account's preferred factor (null: never chosen, e-mail codes). */
    mfa: mfaMode.nullable(),
  }),
);

/** The verification token of POST /auth/login (256 bits, base64url). */
const verifyTokenField = z.string().min(1).max(64);

/** POST /auth/login/otp: mails a 6-digit code, for a live verification token only. */
export const loginOtpBody = z.strictObject({ verify_token: verifyTokenField, ip: ipField });

/** POST /auth/login/verify: opens the session. mode 'recovery' takes a TOTP recovery code. */
export const loginVerifyBody = z.strictObject({
  verify_token: verifyTokenField,
  code: z.string().trim().min(1, 'OTP is Required, please check your email').max(32),
  mode: z.enum(['totp', 'email', 'recovery']),
  ip: ipField,
  force: z.boolean().optional(),
});
export const loginVerifyResponse = ok(z.object({ user_id: z.string() }));
export { recoveryCodeField };

/** POST /auth/logout */
export const logoutBody = z.strictObject({ email: emailField.optional() }).nullish();

/** Current user (docs/product.md#current-user). */
const currentUser = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  telephone: z.string(),
  timezone: z.string(),
  address: z.string(),
  company: z.string(),
  company_code: z.string(),
  company_id: z.string(),
  avatar: z.string(),
  language: languageField,
  always_report_later: z.boolean(),
  roles: z.array(z.string()),
  /** Session expiry, ISO-8601 UTC. */
  expires: z.string(),
  /** 0 daily digest, 1 weekly. */
  counter_reset: z.union([z.literal(0), z.literal(1)]),
  /** The second factor chosen; null while the user has not turned MFA on. */
  mfa: mfaMode.nullable(),
  /** Whether sign-in accepts e-mail codes (with an authenticator: the user's choice). */
  email_codes: z.boolean(),
  /** Whether the request came from an address the company allows (no allow-list: always true). */
  is_valid_origin: z.boolean(),
  /** Whether this is the session the sign-up opened (the dashboard says "Welcome", not "Welcome back"). */
  first_session: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;
export const profileResponse = ok(currentUser);

const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, 'Maximum 50 symbols');

export const telephoneField = z
  .string({ error: 'Telephone is required' })
  .trim()
  .min(1, 'Telephone is required')
  .max(17, 'Maximum 17 symbols');
export const addressField = z.string().trim().max(255, 'Maximum 255 symbols');
const avatarField = z.string().trim().max(2048);

/** PATCH /auth/profile: any profile field; a password change needs both old and new (hashed). */
export const profilePatchBody = z
  .strictObject({
    first_name: nameField('First name').optional(),
    last_name: nameField('Last name').optional(),
    telephone: telephoneField.optional(),
    timezone: timeZoneField.optional(),
    address: addressField.optional(),
    avatar: avatarField.optional(),
    language: languageField.optional(),
    always_report_later: z.boolean().optional(),
    counter_reset: z.union([z.literal(0), z.literal(1)]).optional(),
    old_password: passwordHashField.optional(),
    new_password: passwordHashField.optional(),
  })
  .refine((b) => (b.old_password === undefined) === (b.new_password === undefined), {
    message: 'Both old_password and new_password are required to change the password',
  });

/** POST /auth/mfa: start TOTP set-up, or send an e-mail code to confirm choosing e-mail. */
export const mfaStartBody = z.strictObject({ mode: mfaMode });
export const mfaStartResponse = ok(
  z.object({
    mode: mfaMode,
    /** TOTP only: base32 secret, otpauth URI and a PNG data URL of its QR code. */
    secret: z.string().optional(),
    uri: z.string().optional(),
    qr: z.string().optional(),
  }),
);

/**
 * POST /auth/mfa/verify: confirm the set-up with a code of the new factor; for TOTP,
 * `email_codes` says whether sign-in still accepts e-mail codes (default: no).
 */
export const mfaVerifyBody = z.strictObject({
  mode: mfaMode,
  code: otpCodeField,
  email_codes: z.boolean().optional(),
});
export const mfaVerifyResponse = ok(
  z.object({ mfa: mfaMode, recovery_codes: z.array(z.string()).optional() }),
);

/**
 * PATCH /auth/mfa: switch to e-mail codes, turn MFA off, or (mode 'totp', `email_codes`) keep the
 * authenticator and choose whether e-mail codes still sign in; confirmed by a code of the current
 * factor.
 */
export const mfaPatchBody = z
  .strictObject({
    mode: z.enum(['email', 'none', 'totp']),
    code: z.string().trim().min(1).max(32),
    email_codes: z.boolean().optional(),
  })
  .refine((b) => b.mode !== 'totp' || b.email_codes !== undefined, {
    message: 'email_codes is required with mode totp',
  });
export const mfaPatchResponse = ok(z.object({ mfa: mfaMode.nullable(), email_codes: z.boolean() }));

/** POST /auth/reset_password */
export const resetPasswordBody = z.strictObject({ email: emailField, ip: ipField });
/** POST /auth/reset_password/verify (link token in Authid) */
export const resetVerifyResponse = ok(
  z.object({
    user_id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
);
/** POST /auth/reset_password/update (link token in Authid) */
export const resetUpdateBody = z.strictObject({
  user_id: z.string().min(1).max(64),
  password: passwordHashField,
});

/** POST /auth/registration/verify (invitation token in Authid) */
export const registrationVerifyResponse = ok(z.object({ email: z.string(), company: z.string() }));

/** POST /auth/registration (invitation token in Authid): docs/product.md#registration. */
export const registrationBody = z.strictObject({
  email: emailField.optional(),
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  password: passwordHashField,
  lang: languageField.default('en'),
  address: addressField.optional(),
  timeZone: timeZoneField,
  telephone: telephoneField,
  avatar: avatarField.optional(),
  ip: ipField,
});
export const registrationResponse = ok(z.object({ user_id: z.string() }));
