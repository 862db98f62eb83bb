import { visibleError } from './form-state';
import { translateManagementMessage } from './management-messages';
import { type UseFormOptions, useForm } from './use-form';

/**
 * The form state of spec 2 (`useForm`) whose error texts also know the management messages
 * (company, serial number and model rules of the contracts).
 */
export function useManagementForm<T extends Record<string, unknown>>(options: UseFormOptions<T>) {
  const form = useForm(options);
  const errorOf = (name: keyof T & string): string | undefined => {
    const message = visibleError(form.errors, form.touched, name);
    return message ? translateManagementMessage(message) : undefined;
  };
  return {
    ...form,
    errorOf,
    getInputProps: (name: keyof T & string) => ({
      ...form.getInputProps(name),
      error: errorOf(name),
    }),
  };
}
