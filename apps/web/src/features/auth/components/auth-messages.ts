/** Location state a screen may pass to sign-in (or /) to show a message there. */
export type AuthLocationState = {
  email?: string;
  message?: string;
  kind?: 'success' | 'danger' | 'info' | 'warning';
} | null;
