// The alert banner's style by status code (docs/product.md#alert-style). Apart from alerts.ts: the
// banner shows on /auth at once, the screens' messages only after a call (docs/web.md#bundle).

export type AlertVariant = 'danger' | 'success' | 'info';

/** Codes of 300 or more, or below 100 and not 0, are errors (docs/product.md#alert-style). */
export const isDangerStatus = (code: number): boolean => code >= 300 || (code < 100 && code !== 0);
const isSuccessStatus = (code: number): boolean => code >= 200 && code < 300;

export const alertVariant = (code: number): AlertVariant =>
  isDangerStatus(code) ? 'danger' : isSuccessStatus(code) ? 'success' : 'info';
