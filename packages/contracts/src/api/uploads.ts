import type { Action } from '../access/permissions';

// Every file the console takes, and the largest each may be: the one place these limits are
// declared (docs/api.md#uploads). Large files travel by one resumable upload endpoint (tus at
// /api/v1/uploads) into the blob store (docs/architecture.md#blob-storage); each upload names its
// kind in the tus metadata (`kind`), which says which action the uploader needs and how large
// the file may be. The server's UPLOAD_MAX_BYTES may lower every kind's limit, never raise it.

export const UPLOADS_PATH = '/api/v1/uploads';

const MIB = 1024 * 1024;

export const UPLOAD_KINDS = {
  /** An APK or CAP to be signed (Signer): up to 1 GiB. */
  'signer-input': { action: 'signer.request', maxBytes: 1024 * MIB },
  /**
   * One file of a folder made into a CAP (CAP Maker, General): up to 256 MiB, what the simulated
   * terminal takes as a whole CAP (docs/terminal-protocol.md#11-load-cap-loading-a-cap-into-the-terminals-user-loader).
   */
  'cap-source': { action: 'cap.general', maxBytes: 256 * MIB },
} as const satisfies Record<string, { action: Action; maxBytes: number }>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export const isUploadKind = (value: unknown): value is UploadKind =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_KINDS, value);

/** A kind's limit on this server: its own, lowered by UPLOAD_MAX_BYTES when that is smaller. */
export const uploadLimitOf = (kind: UploadKind, serverMaxBytes = Number.POSITIVE_INFINITY) =>
  Math.min(UPLOAD_KINDS[kind].maxBytes, serverMaxBytes);

/** A limit as the error texts show it: MiB, one decimal at most. */
export const mebibytes = (bytes: number) => Math.round((bytes / MIB) * 10) / 10;

/** Files that come in a request of their own rather than through the upload endpoint. */
export const FILE_LIMITS = {
  /** A serial-number CSV (POST /companies/{id}/sn/import, streamed; 413 sn.import_too_large). */
  serialNumberCsvBytes: 16 * MIB,
  /** A signing key file, PKCS#12 or PEM (POST /signer/keys/{companyId}/import, in the JSON body). */
  keyFileBytes: 150_000,
} as const;

/** Characters of `bytes` bytes written as base64 (how a key file travels in JSON). */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
