import { API_ERRORS, type ErrorParams, isApiErrorCode } from '@tkc/contracts/api/error-codes';
import type { FormatError } from '@tkc/formats/format-error';
import { AppError } from './errors';

// A file's FormatError as the client's 400 with every `{slot}` of its catalogue template filled.
// Some of the library's messages carry a detail that is not in their params ("The ZIP structure
// is broken: <detail>."): it is read back out of the English message through the template, so
// the SPA can show the same text in the user's language (docs/signer.md#errors).

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The values of a template's slots as found in a message made from it; null when it does not fit. */
function slotValues(template: string, message: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const slot = /^\{(\w+)\}$/.exec(part);
      if (!slot) return escapeRegExp(part);
      names.push(slot[1]!);
      return '([\\s\\S]*?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(message);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
}

/** The FormatError as an AppError: its code (request.rejected when not catalogued), full params. */
export function formatRefusal(error: FormatError): AppError {
  if (!isApiErrorCode(error.code)) {
    return new AppError('request.rejected', error.params, 400, {}, {}, error.message);
  }
  const found = slotValues(API_ERRORS[error.code].msg, error.message) ?? {};
  const params: ErrorParams = { ...found, ...error.params };
  return new AppError(error.code, params, 400, {}, {}, error.message);
}
