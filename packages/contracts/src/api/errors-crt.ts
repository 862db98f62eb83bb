import type { ErrorDef } from './error-codes';

/** Error codes of Certificate CAP and Key Certificate Group; merged into API_ERRORS. */
export const CRT_ERRORS = {} as const satisfies Record<string, ErrorDef>;
