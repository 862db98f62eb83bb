import { type ErrorParams, errorText, isApiErrorCode } from '@tkc/contracts/api/error-codes';
import { fileMessages } from '@tkc/contracts/forms';
import { useTranslation } from 'react-i18next';
import { localizeApiErrorText } from '@/lib/api-errors';
import type { LocalFileProblem } from '../utils/local-file-check';

/**
 * The 'signer' namespace's translator, named `text` in this feature (docs/signer.md#web):
 * locales/signer/signer-locales.test.ts checks every key it is called with.
 */
export function useSignerText() {
  const { t, i18n } = useTranslation('signer');
  return { text: t, i18n };
}

/** A file problem the browser found, in the words the server would use for it. */
export function useFileProblemText() {
  const { text } = useSignerText();
  return (problem: LocalFileProblem): string => {
    const code = problem.code;
    if (!isApiErrorCode(code)) {
      // A CAP code the catalogue does not list yet: the product's words, translated here.
      return text('fileProblems.notCap', { defaultValue: fileMessages.notCapFile });
    }
    const params: ErrorParams = problem.params;
    return (
      localizeApiErrorText({ code, params }, errorText(code, params)) ?? errorText(code, params)
    );
  };
}
