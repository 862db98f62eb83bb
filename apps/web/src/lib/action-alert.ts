import { actionMessage, type Outcome } from '@tkc/contracts/alerts';
import { translateMessage } from './i18n';
import { localizeActionText } from './messages';
import { toast } from './notify';
import { outcomeOf } from './outcome';

/**
 * The action handler (docs/product.md#action-handler) as a toast: '<action> Success!' or the error. A 401 has
 * already ended the session in the API client (the shell then says 'Please Login again.').
 */
function showActionResult(action: string, outcome: Outcome): void {
  const alert = actionMessage(action, outcome);
  if (alert.isLogout) return;
  const text = localizeActionText(action, alert.text, (m, vars) => translateMessage(m, vars));
  toast(text, alert.isDanger ? 'danger' : 'success');
}

export const showActionError = (action: string, error: unknown): void =>
  showActionResult(action, outcomeOf(error));

export const showActionSuccess = (action: string): void =>
  showActionResult(action, { kind: 'success' });
