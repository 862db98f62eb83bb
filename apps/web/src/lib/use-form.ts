import { type ChangeEvent, type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, touchAll, validateValues, visibleError } from './form-state';
import { translateMessage } from './i18n';

type Values = Record<string, unknown>;

export type UseFormOptions<T extends Values> = {
  initialValues: T;
} & (
  | { schema: z.ZodType; validate?: never }
  /** Plain rules that agree with a contract schema (kept off pages that must load light). */
  | { validate: (values: T) => FieldErrors; schema?: never }
);

/**
 * Form state (docs/product.md#forms): values, errors, touched flags, submitting flag, submit count. Errors
 * are always known (so a form can disable its button from the start); they show once touched.
 * On submit every field becomes touched and a failed validation stops the submit.
 */
export function useForm<T extends Values>(options: UseFormOptions<T>) {
  const { schema, validate, initialValues } = options;
  const check = useCallback(
    (v: T): FieldErrors => (validate ? validate(v) : validateValues(schema!, v)),
    [schema, validate],
  );
  const [values, setValues] = useState<T>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  const errors = useMemo(() => check(values), [check, values]);
  const isValid = Object.keys(errors).length === 0;
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const setFieldValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
  }, []);

  const setFieldTouched = useCallback((name: keyof T & string, isTouched = true) => {
    setTouched((prev) => (prev[name] === isTouched ? prev : { ...prev, [name]: isTouched }));
  }, []);

  const errorOf = (name: keyof T & string): string | undefined => {
    const message = visibleError(errors, touched, name);
    return message ? translateMessage(message) : undefined;
  };

  /** A read-only field cannot be touched: its rule shows at once, so Submit is never silently off. */
  const readOnlyErrorOf = (name: keyof T & string): string | undefined => {
    const message = errors[name];
    return message ? translateMessage(message) : undefined;
  };

  /** Props for a Mantine text-like input. */
  const getInputProps = (name: keyof T & string) => ({
    value: (values[name] ?? '') as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string) => {
      const next = typeof e === 'string' ? e : e.currentTarget.value;
      setFieldValue(name, next as T[typeof name]);
    },
    onBlur: () => setFieldTouched(name),
    error: errorOf(name),
  });

  const onSubmit =
    (handler: (values: T) => Promise<void> | void) =>
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      setSubmitCount((n) => n + 1);
      setTouched(touchAll(valuesRef.current));
      if (Object.keys(check(valuesRef.current)).length > 0) return;
      setSubmitting(true);
      try {
        await handler(valuesRef.current);
      } finally {
        setSubmitting(false);
      }
    };

  /** For <form onSubmit>: runs the submit without leaving a floating promise. */
  const submitHandler = (handler: (values: T) => Promise<void> | void) => {
    const run = onSubmit(handler);
    return (event?: FormEvent<HTMLFormElement>) => {
      void run(event);
    };
  };

  const reset = (next: T = initialValues) => {
    setValues(next);
    setTouched({});
  };

  return {
    values,
    errors,
    touched,
    isValid,
    isSubmitting,
    submitCount,
    setFieldValue,
    setFieldTouched,
    setValues,
    getInputProps,
    errorOf,
    readOnlyErrorOf,
    onSubmit,
    submitHandler,
    reset,
  };
}
