import type { Action } from '../access/permissions';

// Large files travel by one resumable upload endpoint (tus at /api/v1/uploads) into the blob
// store (docs/architecture.md#blob-storage). Each upload names its kind in the tus metadata
// (`kind`); the kind says which action the uploader needs. Sizes are limited by the server's
// configuration (UPLOAD_MAX_BYTES).

export const UPLOADS_PATH = '/api/v1/uploads';

export const UPLOAD_KINDS = {
  /** An APK or CAP to be signed (Signer). */
  'signer-input': { action: 'signer.request' },
  /** One file of a folder made into a CAP (CAP Maker, General). */
  'cap-source': { action: 'cap.general' },
} as const satisfies Record<string, { action: Action }>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export const isUploadKind = (value: unknown): value is UploadKind =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_KINDS, value);
