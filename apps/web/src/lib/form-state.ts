import type { z } from 'zod';

// Pure parts of the form state (docs/product.md#forms): errors come from the shared zod
// schema, one message per field (its first problem), in the schema's own (English) words.

export type FieldErrors = Record<string, string>;

export function validateValues(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export const touchAll = (values: Record<string, unknown>): Record<string, boolean> =>
  Object.fromEntries(Object.keys(values).map((k) => [k, true]));

/** The error text to show under a field: only once it is touched (or after a submit). */
export function visibleError(
  errors: FieldErrors,
  touched: Record<string, boolean>,
  name: string,
): string | undefined {
  return touched[name] ? errors[name] : undefined;
}
