import {
  API_ERRORS,
  type ApiErrorCode,
  type ErrorParams,
  errorText,
  isApiErrorCode,
} from '@tkc/contracts/api/error-codes';
import { FormatError } from '@tkc/formats/format-error';

/**
 * A failure the client caused or may see; the error handler turns it into
 * `{status, msg, code, params}` (the codes are listed in @tkc/contracts/api/error-codes).
 */
export class AppError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly params: ErrorParams = {},
    readonly statusCode: number = API_ERRORS[code].status,
    readonly headers: Record<string, string> = {},
    /** Fields the answer carries besides status, msg, code and params. */
    readonly extra: Record<string, unknown> = {},
    /** The English text when it is not the catalogue's template (a file format's own words). */
    message?: string,
  ) {
    super(message ?? errorText(code, params));
    this.name = 'AppError';
  }
}

/** The error of `code` with its params (status and text from the catalogue). */
export const fail = (code: ApiErrorCode, params: ErrorParams = {}) => new AppError(code, params);

/** A 429 with `Retry-After` in whole seconds (at least 1). */
export const tooManyRequests = (retryAfterS: number, code: ApiErrorCode = 'request.rate_limited') =>
  new AppError(code, {}, API_ERRORS[code].status, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterS))),
  });

/**
 * A file that is not what it claims (a FormatError of @tkc/formats) as the client's 400: its
 * code when the catalogue lists it, its own English text.
 */
export function fromFormatError(error: FormatError): AppError {
  const code = isApiErrorCode(error.code) ? error.code : 'request.rejected';
  return new AppError(code, error.params, 400, {}, {}, error.message);
}

export const isFormatError = (error: unknown): error is FormatError => error instanceof FormatError;
