import { type ErrorParams, errorField, isApiErrorCode } from '@tkc/contracts/api/error-codes';
import { useRef, useState } from 'react';
import { isApiError } from './api-client';
import { tableAlertOf } from './table-alert';
import { type UseFormOptions, useForm } from './use-form';

// A refused write is shown where the user looks: under the field its error code names (or the field
// of a validation error), else in an alert inside the form. The toast of the action handler stays.

export type ServerError = {
  /** The form's field it belongs to; null for the form as a whole. */
  field: string | null;
  /** Already in the user's language. */
  text: string;
  params: ErrorParams;
};

/** API field names that differ from the form's: API name -> form name. */
export type FieldMap = Readonly<Record<string, string>>;

/** The API field a coded error names: the catalogue's, or the first segment of a validation's. */
function apiFieldOf(code: string, params: ErrorParams): string | undefined {
  if ((code === 'request.invalid' || code === 'request.invalid_text') && params.field) {
    return String(params.field).split('.')[0];
  }
  return isApiErrorCode(code) ? errorField(code) : undefined;
}

/**
 * Where a failed write belongs in a form with `fields`, and its text; null when there is nothing
 * to show in the form (a 401: the session has ended and its dialog says so).
 */
export function serverErrorOf(
  error: unknown,
  fields: readonly string[],
  fieldMap: FieldMap = {},
): ServerError | null {
  if (isApiError(error) && error.status === 401) return null;
  const params = isApiError(error) ? error.errorParams : {};
  const apiField = isApiError(error) && error.errorCode ? apiFieldOf(error.errorCode, params) : '';
  const field = apiField ? (fieldMap[apiField] ?? apiField) : null;
  const text =
    (isApiError(error) ? error.serverMsg : null) ?? tableAlertOf(error)?.tableStatusText ?? '';
  return { field: field && fields.includes(field) ? field : null, text, params };
}

type Shown = { error: ServerError; value: string };

/**
 * The server error of a form: `show` it after a failed write with the values that were sent; a
 * field's error shows while that field still holds the value sent, the form's until `clear`.
 */
export function useServerError(fieldMap?: FieldMap) {
  const [shown, setShown] = useState<Shown | null>(null);
  const heldValue = (values: Record<string, unknown>, field: string | null) =>
    field === null ? '' : JSON.stringify(values[field] ?? null);
  return {
    error: shown?.error ?? null,
    show: (error: unknown, values: Record<string, unknown>) => {
      const found = serverErrorOf(error, Object.keys(values), fieldMap);
      setShown(found && { error: found, value: heldValue(values, found.field) });
    },
    clear: () => setShown(null),
    /** The field's server error, while the field still holds the value that was refused. */
    fieldError: (field: string, values: Record<string, unknown>): string | undefined =>
      shown?.error.field === field && heldValue(values, field) === shown.value
        ? shown.error.text
        : undefined,
    /** The error that belongs to no field of the form, for an alert inside it. */
    formError: shown && shown.error.field === null ? shown.error.text : null,
  };
}

/**
 * The form state (`useForm`) with the server's refusals: `showServerError(e)` after a
 * failed write puts it under its field (`errorOf`, `getInputProps`) or in `formError`.
 */
export function useManagementForm<T extends Record<string, unknown>>(
  options: UseFormOptions<T> & { fieldMap?: FieldMap },
) {
  const form = useForm(options);
  const server = useServerError(options.fieldMap);
  const sent = useRef<T | null>(null);
  const errorOf = (name: keyof T & string): string | undefined =>
    server.fieldError(name, form.values) ?? form.errorOf(name);
  return {
    ...form,
    errorOf,
    getInputProps: (name: keyof T & string) => ({
      ...form.getInputProps(name),
      error: errorOf(name),
    }),
    /** For <form onSubmit>: a new submit forgets the last refusal. */
    submitHandler: (handler: (values: T) => Promise<void> | void) =>
      form.submitHandler(async (values) => {
        server.clear();
        sent.current = values;
        await handler(values);
      }),
    showServerError: (error: unknown) => server.show(error, sent.current ?? form.values),
    formError: server.formError,
    /** The last refusal, with its params (e.g. the licence group it names). */
    serverError: server.error,
    reset: (next?: T) => {
      server.clear();
      form.reset(next);
    },
  };
}
