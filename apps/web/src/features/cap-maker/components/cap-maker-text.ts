import { errorText } from '@tkc/contracts/api/error-codes';
import { useTranslation } from 'react-i18next';
import { localizeApiErrorText } from '@/lib/api-errors';
import type { FieldProblem } from '../utils/cap-form-rules';
import type { FolderCheck } from '../utils/folder-check';

/**
 * The 'capMaker' namespace's translator, named `text` in this feature (docs/cap-maker.md#web):
 * locales/capMaker/cap-maker-locales.test.ts checks every key it is called with.
 */
export function useCapText() {
  const { t, i18n } = useTranslation('capMaker');
  return { text: t, i18n };
}

/** A field's rule problem in the page's language ('{{label}} is required', bounds). */
export function useProblemText() {
  const { text } = useCapText();
  return (field: string, problem: FieldProblem): string => {
    if (problem.rule === 'required') {
      return text('rules.required', { label: text(`fields.${field}`) });
    }
    return problem.rule === 'min'
      ? text('rules.min', { n: problem.n })
      : text('rules.max', { n: problem.n });
  };
}

/** A folder problem in the words the server would use (the 'apiErrors' texts of its code). */
export function folderProblemText(check: Pick<FolderCheck, 'code' | 'params'>): string {
  const english = errorText(check.code, check.params);
  return localizeApiErrorText({ code: check.code, params: check.params }, english) ?? english;
}
