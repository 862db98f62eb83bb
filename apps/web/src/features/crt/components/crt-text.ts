import { useTranslation } from 'react-i18next';

/**
 * The 'crt' namespace's translator, named `text` in this feature (docs/crt.md#web):
 * locales/crt/crt-locales.test.ts checks every key it is called with.
 */
export function useCrtText() {
  const { t, i18n } = useTranslation('crt');
  return { text: t, i18n };
}
