import { useTranslation } from 'react-i18next';
import { localizeApiErrorText } from '@/lib/api-errors';

/**
 * The 'crt' namespace's translator, named `text` in this feature (docs/crt.md#web):
 * locales/crt/crt-locales.test.ts checks every key it is called with.
 */
export function useCrtText() {
  const { t, i18n } = useTranslation('crt');
  return { text: t, i18n };
}

/** A stored failure (code, params, English text) in the user's language. */
export const failureText = (failure: {
  code: string | null;
  params: Record<string, string | number>;
  message: string;
}) =>
  failure.code
    ? (localizeApiErrorText(
        { code: failure.code as never, params: failure.params },
        failure.message,
      ) ?? failure.message)
    : failure.message;
