import { z } from 'zod';

/** Every error answer: HTTP status plus this body (DESIGN.md section 5). */
export const errorBody = z.object({ status: z.number().int(), msg: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Every success answer wraps its payload in `data`. */
export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(200), msg: z.string(), data });

export const okEmpty = z.object({ status: z.literal(200), msg: z.string() });

export const listEnvelope = <T extends z.ZodType>(row: T) =>
  ok(z.object({ total: z.number().int().nonnegative(), data: z.array(row) }));

/** Name of the session header, both directions (`authid: <token>; expiry=<ISO>` on answers). */
export const AUTH_HEADER = 'authid';

export const formatAuthHeader = (token: string, expiry: Date) =>
  `${token}; expiry=${expiry.toISOString()}`;

/** Parses `token; expiry=ISO` (spec 3, "Login token"); null when malformed. */
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
