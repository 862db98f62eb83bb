import { showActionError, showActionSuccess } from './action-alert';
import { localizeApiError } from './management-messages';

/**
 * Runs a write through the generic action handler of spec 8: '<action> Success!' as a toast, or the
 * error text (the server's msg, translated where known). `action` is already translated. The error
 * is rethrown so a form or question can stay open.
 */
export async function runAction<T>(action: string, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    showActionSuccess(action);
    return result;
  } catch (error) {
    showActionError(action, localizeApiError(error));
    throw error;
  }
}
