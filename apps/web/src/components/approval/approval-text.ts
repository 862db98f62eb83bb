import { useTranslation } from 'react-i18next';

/**
 * The feature namespace's translator, named `text` as in the features: the locale tests check
 * every key this folder asks for against each namespace.
 */
export function useApprovalText(namespace: string) {
  const { t } = useTranslation(namespace);
  return { text: t };
}
