import type { ApiErrorCode, ErrorParams } from '@tkc/contracts/api/error-codes';
import { currentLanguage, i18n, languageLocales, translateMessage } from './i18n';

// Error bodies of the API are `{status, msg, code, params}`, codes from the catalogue of
// @tkc/contracts/api/error-codes: the SPA shows the text of `code` in the user's language
// (namespace 'apiErrors', one lazily loaded file per language) with `params` put in, and the
// server's English `msg` when it has no text for it. Only the catalogue's type is imported
// here: the sign-in bundle does not carry its texts.

const API_ERRORS_NS = 'apiErrors';

export type CodedError = { code: ApiErrorCode; params: ErrorParams };

// Codes are dotted snake case ('company.code_taken'); the server builds them from the same
// catalogue as this build, so a well-formed code is taken as one of ours.
const CODE_SHAPE = /^[a-z]+(?:_[a-z]+)*(?:\.[a-z]+(?:_[a-z]+)*)+$/;

function paramsOf(value: unknown): ErrorParams {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const params: ErrorParams = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) params[name] = v;
  }
  return params;
}

/** The code and params of an error body; null when the body has no code. */
export function codedErrorOf(body: unknown): CodedError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, params } = body as { code?: unknown; params?: unknown };
  if (typeof code !== 'string' || !CODE_SHAPE.test(code)) return null;
  return { code: code as ApiErrorCode, params: paramsOf(params) };
}

/**
 * Loads the error texts of the current language (at once when they are there). Once loaded, a
 * language change loads them with the rest (they join the loaded namespaces).
 */
export async function loadApiErrorTexts(): Promise<void> {
  if (i18n.isInitialized) await i18n.loadNamespaces(API_ERRORS_NS);
}

const keyOptions = { ns: API_ERRORS_NS, keySeparator: false, nsSeparator: false } as const;

/** The values to put into the text: numbers in the language's format, messages translated. */
function valuesOf({ code, params }: CodedError): Record<string, string> {
  const locale = languageLocales[currentLanguage()];
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    values[name] = typeof value === 'number' ? value.toLocaleString(locale) : value;
  }
  // A validation error carries the rule's English message, which the catalogue translates.
  if (code === 'request.invalid' && typeof params.message === 'string') {
    values.message = translateMessage(params.message);
  }
  // A refused erase names its erase status, which the 'keyErase' namespace translates.
  if (code === 'erase.refused' && params.index !== undefined) {
    values.message = i18n.t(`status.${params.index}`, {
      ns: 'keyErase',
      defaultValue: values.message ?? '',
    });
  }
  return values;
}

/**
 * The text of a coded error in the user's language; `fallback` (the server's msg) when the
 * namespace is not loaded or has no text for the code.
 */
export function localizeApiErrorText(error: CodedError, fallback: string | null): string | null {
  if (!i18n.isInitialized || !i18n.exists(error.code, keyOptions)) return fallback;
  const values = valuesOf(error);
  // A validation error without a field reads as the rule's message alone (as on the server).
  if (error.code === 'request.invalid' && !error.params.field && values.message) {
    return values.message;
  }
  return i18n.t(error.code, {
    ...keyOptions,
    replace: values,
    defaultValue: fallback ?? error.code,
    interpolation: { escapeValue: false },
  });
}
