/** Last-updated dates of the two versions of the terms (docs/product.md#terms), ISO dates. */
export const TERMS_LAST_UPDATED = { production: '2025-05-23', trial: '2025-05-23' } as const;
export type TermsVersion = keyof typeof TERMS_LAST_UPDATED;
