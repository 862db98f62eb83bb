// The session header, both directions. No zod here: the sign-in page loads this on first paint.

/** Name of the session header, both directions (`authid: <token>; expiry=<ISO>` on answers). */
export const AUTH_HEADER = 'authid';

export const formatAuthHeader = (token: string, expiry: Date) =>
  `${token}; expiry=${expiry.toISOString()}`;

/** Parses `token; expiry=ISO` (docs/product.md#login-token); null when malformed. */
export function parseAuthHeader(
  value: string | null | undefined,
): { token: string; expiry: Date | null } | null {
  if (!value) return null;
  const [rawToken, ...rest] = value.split(';');
  const token = rawToken?.trim();
  if (!token) return null;
  const expiryPart = rest.map((p) => p.trim()).find((p) => p.startsWith('expiry='));
  const expiry = expiryPart ? new Date(expiryPart.slice('expiry='.length)) : null;
  return { token, expiry: expiry && !Number.isNaN(expiry.getTime()) ? expiry : null };
}
