import { readStorage, storageKeys } from '@/lib/storage';

/**
 * What sign-in hands to the code page (email, ip, mode; docs/product.md#two-step). No password: the
 * password step's temporary verification token stands for it, kept in local storage while the
 * verification is pending (docs/web.md, "Sign-in without the password in the history").
 */
export type OtpLocationState = {
  email: string;
  ip?: string;
  mode?: 'totp' | 'email';
  methods: ('totp' | 'email')[];
  /** After a 409: the code also signs the other device out. */
  force?: boolean;
  /** An e-mail code was already requested by sign-in. */
  isCodeSent?: boolean;
};

export function isOtpLocationState(value: unknown): value is OtpLocationState {
  const v = value as Partial<OtpLocationState> | null;
  return (
    !!v &&
    typeof v.email === 'string' &&
    Array.isArray(v.methods) &&
    v.methods.length > 0 &&
    v.methods.every((m) => m === 'totp' || m === 'email')
  );
}

/** The pending sign-in's verification token, or null when there is none. */
export const pendingVerifyToken = (): string | null => readStorage(storageKeys.verifyToken);
