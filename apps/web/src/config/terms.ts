/** Last-updated dates of the two versions of the terms (spec 9), ISO dates. */
export const TERMS_LAST_UPDATED = { production: '2025-05-23', trial: '2025-05-23' } as const;
export type TermsVersion = keyof typeof TERMS_LAST_UPDATED;
