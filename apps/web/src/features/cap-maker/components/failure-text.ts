import type { CapRow } from '@tkc/contracts/api/cap';
import type { ApiErrorCode, ErrorParams } from '@tkc/contracts/api/error-codes';
import { localizeApiErrorText } from '@/lib/api-errors';

/** Why a CAP failed to build, in the user's language when its code is known (else English). */
export function failureText(failure: NonNullable<CapRow['failure']>): string {
  if (!failure.code) return failure.message;
  const error = { code: failure.code as ApiErrorCode, params: failure.params as ErrorParams };
  return localizeApiErrorText(error, failure.message) ?? failure.message;
}
