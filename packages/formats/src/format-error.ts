/**
 * A file that is not what it claims to be. `code` is a stable error code (listed in
 * `@tkc/contracts/error-codes`), `message` the product's English text, `params` its values; the
 * server answers it as a 400 `{status, msg, code, params}`.
 */
export class FormatError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'FormatError';
  }
}
