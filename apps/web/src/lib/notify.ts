import { TOAST_DEFAULT_DELAY_MS } from '@tkc/contracts/constants';
import i18n from 'i18next';

// Alert toasts (docs/product.md#forms): queued by Mantine's notifications store (a few at a time) and each
// removed after three seconds. The toast machinery loads with the first toast, so pages that
// never show one (most visits to sign-in) do not pay for it. Texts arrive already translated.

export type ToastKind = 'success' | 'danger' | 'info' | 'warning';

const colors: Record<ToastKind, string> = {
  success: 'teal',
  danger: 'red',
  info: 'blue',
  warning: 'yellow',
};

let library: Promise<typeof import('@mantine/notifications')> | null = null;
const firstToastListeners = new Set<() => void>();

/** Whether a toast was requested already (the container must then be mounted). */
export const hasToasted = () => library !== null;

/** Calls `listener` at the first toast (for mounting the toast container lazily). */
export function onFirstToast(listener: () => void): () => void {
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}

export function loadNotifications() {
  if (!library) {
    library = import('@mantine/notifications');
    for (const listener of firstToastListeners) listener();
  }
  return library;
}

export function toast(message: string, kind: ToastKind = 'info', title?: string): void {
  loadNotifications().then(
    ({ notifications }) =>
      notifications.show({
        message,
        title,
        color: colors[kind],
        autoClose: TOAST_DEFAULT_DELAY_MS,
        withBorder: true,
        // axe: the close button needs a name (docs/web.md#accessibility).
        closeButtonProps: { 'aria-label': i18n.t('common.closeMessage') },
      }),
    () => console.error('Could not load the notifications', message),
  );
}
