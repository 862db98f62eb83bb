import { expect } from 'vitest';
import { FormatError } from '../../format-error';

/** Awaits `action`, expecting a FormatError with `code` (and `message` when given). */
export async function expectFormatError(
  action: Promise<unknown>,
  code: string,
  message?: string | RegExp,
): Promise<FormatError> {
  const error = await action.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FormatError);
  const formatError = error as FormatError;
  expect(formatError.code).toBe(code);
  if (typeof message === 'string') expect(formatError.message).toBe(message);
  else if (message) expect(formatError.message).toMatch(message);
  return formatError;
}
