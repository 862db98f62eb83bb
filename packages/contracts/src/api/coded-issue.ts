import { type ApiErrorCode, type ErrorParams, errorText, isApiErrorCode } from './error-codes';

// A schema rule whose failure is not a plain 400 `request.invalid` but an error of its own (an
// oversized key file is 413 `signer.key_file_too_large`, like every other file over its limit).
// The rule's zod issue carries the code; the server's error handler answers with it
// (docs/api.md#errors).

type CodedIssueParams = { errorCode: ApiErrorCode; errorParams: ErrorParams };

/** Options for `.refine(check, codedIssue(code, params))`. */
export const codedIssue = (code: ApiErrorCode, params: ErrorParams = {}) => ({
  message: errorText(code, params),
  params: { errorCode: code, errorParams: params } satisfies CodedIssueParams,
});

/** The code and params a failed rule asked for, read back from its issue's `params`. */
export function codedIssueOf(
  issueParams: unknown,
): { code: ApiErrorCode; params: ErrorParams } | undefined {
  if (typeof issueParams !== 'object' || issueParams === null) return undefined;
  const { errorCode, errorParams } = issueParams as Partial<CodedIssueParams>;
  if (!isApiErrorCode(errorCode)) return undefined;
  return { code: errorCode, params: errorParams ?? {} };
}
