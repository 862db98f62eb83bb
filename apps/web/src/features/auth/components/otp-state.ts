/** What sign-in hands to the code page (spec 2: email, password, ip, mode). */
export type OtpLocationState = {
  email: string;
  /** SHA-256 hex of the password, never the password itself. */
  password: string;
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
    typeof v.password === 'string' &&
    /^[0-9a-f]{64}$/.test(v.password) &&
    Array.isArray(v.methods) &&
    v.methods.length > 0
  );
}
