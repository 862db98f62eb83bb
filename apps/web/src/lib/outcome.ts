import { httpOutcome, type Outcome } from '@tkc/contracts/alerts';
import { isApiError } from './api-client';

/** What the handlers of docs/product.md#errors need to know about a failed call. */
export function outcomeOf(error: unknown): Outcome {
  if (!isApiError(error)) return { kind: 'no-response' };
  if (error.code === 'ECONNABORTED') return { kind: 'timeout' };
  if (error.code === 'NO_AUTHID') return httpOutcome(401, { msg: 'No AuthId' });
  if (error.status === 0) return { kind: 'no-response' };
  return httpOutcome(error.status, error.body, error.statusText);
}
