/** A failure the client caused or may see; the error handler turns it into `{status, msg}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields the answer carries besides status and msg. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg = 'Unauthorized') => new AppError(401, msg);
export const forbidden = (msg = 'Forbidden') => new AppError(403, msg);
export const notFound = (msg = 'Not Found') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooManyRequests = (
  retryAfterS: number,
  msg = 'Too many requests, please try again later',
) => new AppError(429, msg, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) });
