import { showActionError, showActionSuccess } from './action-alert';

/**
 * Runs a write through the generic action handler: '<action> Success!' as a toast, or the error
 * text (the server's, already in the user's language: see api-client). `action` is already
 * translated. The error is rethrown so a form or question can stay open (and show it too).
 */
export async function runAction<T>(action: string, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    showActionSuccess(action);
    return result;
  } catch (error) {
    showActionError(action, error);
    throw error;
  }
}
