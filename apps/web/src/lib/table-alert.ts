import { type TableAlert, tableErrorMessage } from '@tkc/contracts/alerts';
import { translateMessage } from './i18n';
import { outcomeOf } from './outcome';

/**
 * The list error handler (docs/product.md#table-errors): the status and text to show in place of the
 * rows. A 401 has already ended the session in the API client (table flag).
 */
export function tableAlertOf(error: unknown): TableAlert | null {
  const alert = tableErrorMessage(outcomeOf(error));
  return alert ? { ...alert, tableStatusText: translateMessage(alert.tableStatusText) } : null;
}
