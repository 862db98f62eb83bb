import { useState } from 'react';
import { serverErrorOf } from '@/lib/use-management-form';
import { useProblemText } from '../components/cap-maker-text';
import type { FieldProblems } from '../utils/cap-form-rules';

// The state of a CAP Maker form (docs/cap-maker.md#web): values, the rules' problems (shown once
// a field is left or the form is sent), and the server's refusal under the field its code
// names while that field still holds the value sent, else above the buttons.

type Values = Record<string, unknown>;

export function useCapForm<T extends Values>(initial: T, rules: (values: T) => FieldProblems) {
  const problemText = useProblemText();
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [isSent, setSent] = useState(false);
  const [server, setServer] = useState<{
    field: string | null;
    text: string;
    value: string;
  } | null>(null);
  const problems = rules(values);
  const held = (field: string | null, from: Values) =>
    field === null ? '' : JSON.stringify(from[field] ?? null);

  const errorOf = (field: keyof T & string): string | undefined => {
    if (server?.field === field && held(field, values) === server.value) return server.text;
    const problem = problems[field];
    return problem && (touched[field] || isSent) ? problemText(field, problem) : undefined;
  };

  return {
    values,
    set: <K extends keyof T>(field: K, value: T[K]) =>
      setValues((previous) => ({ ...previous, [field]: value })),
    patch: (patch: Partial<T>) => setValues((previous) => ({ ...previous, ...patch })),
    touch: (field: keyof T & string) =>
      setTouched((previous) => (previous[field] ? previous : { ...previous, [field]: true })),
    errorOf,
    /** Marks every field as shown; true when the rules pass. */
    check: () => {
      setSent(true);
      setServer(null);
      return Object.keys(problems).length === 0;
    },
    /** The server's refusal (or a local one), at `fields` when it names one of them. */
    showError: (error: unknown, fields: readonly string[], sent: Values = values) => {
      const found = serverErrorOf(error, fields);
      if (!found) return;
      setServer({ field: found.field, text: found.text, value: held(found.field, sent) });
    },
    showAt: (field: string | null, text: string) =>
      setServer({ field, text, value: held(field, values) }),
    clearServer: () => setServer(null),
    formError: server && server.field === null ? server.text : null,
    reset: (next: T) => {
      setValues(next);
      setTouched({});
      setSent(false);
      setServer(null);
    },
  };
}
