// What may reach a log line (docs/security.md#logs): never a query's parameters (a password hash,
// a code, a token may be among them), never request headers or query strings.

type Serialized = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: Serialized;
};

/** A failed query's message holds "params: ..." after the SQL: keep the SQL, drop the values. */
const withoutParams = (message: string) =>
  message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');

/** An error for the log: type, message (parameters removed), stack, code, and its cause likewise. */
export function safeError(error: unknown, depth = 0): Serialized {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: withoutParams(String(error)), stack: '' };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
    ...(code === undefined ? {} : { code }),
    ...(error.cause !== undefined && depth < 3 ? { cause: safeError(error.cause, depth + 1) } : {}),
  };
}

/** A request for the log: method, path without its query (links carry tokens there), address. */
export const safeRequest = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
  ip: req.ip,
});
