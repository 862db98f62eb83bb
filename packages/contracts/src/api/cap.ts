import { z } from 'zod';
import { genericMessages } from '../fields';
import { boundedText, textBounds } from '../forms';
import { listQuerySchema } from '../list-query';
import { listEnvelope, ok } from './common';

// CAP Maker API (docs/cap-maker.md#api): General CAPs from a folder (/cap/caps), Key CAPs of the
// key-generation centre (/cap/key-caps), Triple-DES keys as TR-31 blocks (/cap/tdes-keys) and the
// company's ULD key sets (/cap/keys). A General CAP's files arrive first through the resumable
// upload endpoint (upload kind 'cap-source'), one upload per file.

// --- The folder of a General CAP (docs/cap-maker.md#folder-rules) ---

/** Application file types: the main file's extension. */
const CAP_APP_TYPES = ['bin', 'apk'] as const;
export type CapAppType = (typeof CAP_APP_TYPES)[number];
/** Every extension a CAP folder may hold. */
export const CAP_FOLDER_EXTENSIONS = [
  '.bin',
  '.apk',
  '.so',
  '.lib',
  '.dat',
  '.cfg',
  '.ini',
  '.xml',
  '.json',
  '.txt',
  '.bmp',
  '.png',
  '.ttf',
  '.acl',
] as const;
/** An access-control file: text whose first line names its type, `TYPE=ALLOWLIST`. */
const ACCESS_CONTROL_EXTENSION = '.acl';
const ACCESS_CONTROL_TYPES = ['ALLOWLIST', 'DENYLIST'] as const;
/** Bytes of each file the rules read (magic numbers, the access-control type line). */
export const CAP_FOLDER_HEAD_BYTES = 64;
/** Longest file name in a CAP, in UTF-8 bytes (docs/formats/cap.md#13-file-table). */
const MAX_NAME_BYTES = 255;

export type CapFolderEntry = {
  /** Path relative to the chosen folder, '/' separated. */
  path: string;
  size: number;
  /** The first CAP_FOLDER_HEAD_BYTES bytes (fewer for a shorter file). */
  head: Uint8Array;
};
export type CapFolderProblemCode =
  | 'cap.no_source'
  | 'cap.nested_folder'
  | 'cap.folder_only'
  | 'cap.invalid_file'
  | 'cap.format_not_recognized'
  | 'cap.access_control_unsupported'
  | 'cap.extension_missing'
  | 'cap.app_file_missing';
export type CapFolderProblem = {
  code: CapFolderProblemCode;
  params: Record<string, string>;
  /** The file concerned, when there is one (shown beside the message). */
  file?: string;
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

const MAGIC: Record<string, number[]> = {
  '.apk': [0x50, 0x4b, 0x03, 0x04],
  '.png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  '.bmp': [0x42, 0x4d],
};

/** The access-control type named by the file's first line; null when it names none. */
function accessControlType(head: Uint8Array): string | null {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const match = /^TYPE=([A-Za-z0-9_-]*)\s*(?:\r?\n|$)/.exec(text.replace(/^\uFEFF/, ''));
  return match ? match[1]!.toUpperCase() : null;
}

const isUnsafeName = (name: string) =>
  name.startsWith('.') ||
  name.includes('\\') ||
  [...name].some((c) => c.charCodeAt(0) < 0x20) ||
  new TextEncoder().encode(name).length > MAX_NAME_BYTES;

/**
 * The first folder rule the files break, or null when they make a CAP folder. The browser runs
 * it on the chosen folder before anything is hashed or uploaded; the server again on the uploads.
 */
export function capFolderProblem(
  entries: readonly CapFolderEntry[],
  choice: { appType: CapAppType; appFile: string },
): CapFolderProblem | null {
  const problem = (code: CapFolderProblemCode, params = {}, file?: string): CapFolderProblem => ({
    code,
    params,
    ...(file === undefined ? {} : { file }),
  });
  if (entries.length === 0) return problem('cap.no_source');
  const nested = entries.find((e) => e.path.includes('/'));
  if (nested) return problem('cap.nested_folder', {}, nested.path);
  const allowed: readonly string[] = CAP_FOLDER_EXTENSIONS;
  const foreign = entries.find((e) => !allowed.includes(extensionOf(e.path)));
  if (foreign) {
    return problem('cap.folder_only', { kinds: CAP_FOLDER_EXTENSIONS.join(', ') }, foreign.path);
  }
  const invalid = entries.find((e) => e.size === 0 || isUnsafeName(e.path));
  if (invalid) return problem('cap.invalid_file', {}, invalid.path);
  for (const e of entries) {
    const extension = extensionOf(e.path);
    const magic = MAGIC[extension];
    if (magic && !magic.every((byte, i) => e.head[i] === byte)) {
      return problem('cap.format_not_recognized', {}, e.path);
    }
    if (extension === ACCESS_CONTROL_EXTENSION) {
      const type = accessControlType(e.head);
      if (type === null) return problem('cap.format_not_recognized', {}, e.path);
      if (!(ACCESS_CONTROL_TYPES as readonly string[]).includes(type)) {
        return problem('cap.access_control_unsupported', {}, e.path);
      }
    }
  }
  const appExtension = `.${choice.appType}`;
  if (!entries.some((e) => extensionOf(e.path) === appExtension)) {
    return problem('cap.extension_missing', { extension: appExtension });
  }
  const isAppFile = (e: CapFolderEntry) =>
    e.path === choice.appFile && extensionOf(e.path) === appExtension;
  if (!entries.some(isAppFile)) return problem('cap.app_file_missing');
  return null;
}

// --- Header fields (docs/formats/cap.md#12-header-fields; bounds: textBounds) ---

const capVersionField = z.union([z.literal(3), z.literal(4)], {
  error: 'CAP version must be 3 or 4',
});

const headerFields = {
  cap_version: capVersionField,
  title: boundedText('title', 'Title'),
  version: z.string({ error: genericMessages.required('Version') }).trim(),
  company: boundedText('company', 'Company'),
  company_cap: boundedText('companyCap', 'Company CAP'),
  comment: boundedText('comment', 'Comment'),
  description: boundedText('description', 'Description'),
  product: boundedText('product', 'Product'),
  /** CAP4 only (1-32); left empty for a CAP3. */
  company_code: z.string().trim().max(textBounds.companyCode[1], genericMessages.maxLength(32)),
};

const characters = (text: string) => [...text].length;

/** The version's bounds (CAP3 exactly 4, CAP4 4-99) and the CAP4 company code. */
function checkVersionFields(
  v: { cap_version: number; version: string; company_code: string },
  ctx: z.RefinementCtx,
) {
  const [min, max] = v.cap_version === 3 ? textBounds.cap3Version : textBounds.cap4Version;
  const length = characters(v.version);
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (length === 0) issue('version', genericMessages.required('Version'));
  else if (length < min) issue('version', genericMessages.minLength(min));
  else if (length > max) issue('version', genericMessages.maxLength(max));
  if (v.cap_version === 4 && v.company_code === '') {
    issue('company_code', genericMessages.required('Company code'));
  }
}

/** The header as the CAP format names its fields (CAP3 leaves companyCode out). */
export function capHeaderOf(v: {
  cap_version: number;
  title: string;
  version: string;
  company: string;
  company_cap: string;
  comment: string;
  description: string;
  product: string;
  company_code: string;
}) {
  return {
    title: v.title,
    version: v.version,
    company: v.company,
    companyCap: v.company_cap,
    comment: v.comment,
    description: v.description,
    product: v.product,
    ...(v.cap_version === 4 ? { companyCode: v.company_code } : {}),
  };
}

const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 hex digits');
const companyIdField = z.uuid('Company is required').optional();
const modelIdField = z.uuid('Model is required');

// --- General CAPs ---

const capSourceFile = z.strictObject({
  upload_id: z.uuid('Invalid File. Please select the correct file.'),
  /** The file's name in the folder (the CAP's file table names it so). */
  name: z.string().min(1).max(1024),
  /** SHA-256 the browser computed; the server compares it with its own. */
  sha256: sha256Hex,
  size: z.number().int().min(0),
});

/** POST /cap/caps */
export const createCapBody = z
  .strictObject({
    /** Whose CAP: the caller's company unless a global admin names another. */
    company_id: companyIdField,
    model_id: modelIdField,
    app_type: z.enum(CAP_APP_TYPES, { error: 'Application type is required' }),
    /** The application file's name in the folder. */
    app_file: z.string().trim().max(1024).default(''),
    /** 1-20 for older models, 1-64 for newer (the model's family). */
    app_name: boundedText('appNameNewer', 'App name'),
    ...headerFields,
    files: z.array(capSourceFile).max(4096).default([]),
  })
  .superRefine(checkVersionFields);
export type CreateCapBody = z.input<typeof createCapBody>;

export const CAP_STATUSES = ['building', 'ready', 'failed', 'confirmed', 'superseded'] as const;
export type CapStatus = (typeof CAP_STATUSES)[number];
const CAP_SORT_COLUMNS = ['created_at', 'label', 'status'] as const;

/** GET /cap/caps and /cap/key-caps: the list query of every list, plus a company for admins. */
export const capListQuery = listQuerySchema(CAP_SORT_COLUMNS);
export type CapListQuery = z.infer<typeof capListQuery>;

const capFailure = z.object({
  code: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});

const capRow = z.object({
  id: z.string(),
  kind: z.enum(['application', 'key']),
  status: z.enum(CAP_STATUSES),
  company_code: z.string(),
  model_name: z.string(),
  cap_version: z.number().int(),
  /** The app name, or the Key CAP's key name. */
  label: z.string(),
  file_name: z.string(),
  file_count: z.number().int(),
  source_bytes: z.number().int(),
  /** The CAP file, once built. */
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** KCV of the CAP's Triple-DES payload key. */
  kcv: z.string().nullable(),
  kek_fingerprint: z.string().nullable(),
  /** null: made without a signature block (the company signs with its own key). */
  signer_fingerprint: z.string().nullable(),
  creator_email: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  failure: capFailure.nullable(),
  /** Key CAPs: where the new signing key comes from, the new set's fingerprints, confirmation. */
  key_source: z.enum(['internal', 'external']).nullable(),
  new_kek_fingerprint: z.string().nullable(),
  new_signing_fingerprint: z.string().nullable(),
  confirmed_at: z.string().nullable(),
});
export type CapRow = z.infer<typeof capRow>;
export const capListResponse = listEnvelope(capRow);
export const capResponse = ok(capRow);

// --- Key CAPs (the key-generation centre) ---

export const KEY_SOURCES = ['internal', 'external'] as const;
export type KeySource = (typeof KEY_SOURCES)[number];

/** POST /cap/key-caps */
export const createKeyCapBody = z
  .strictObject({
    company_id: companyIdField,
    model_id: modelIdField,
    ...headerFields,
    key_name: boundedText('keyName', 'Key name'),
    key_source: z.enum(KEY_SOURCES, { error: 'Key source is required' }),
    /** external: the new signing public key, PEM or base64 DER (the company keeps its private key). */
    signing_public_key: z
      .string()
      .trim()
      .max(16_384, genericMessages.maxLength(16_384))
      .default(''),
  })
  .superRefine(checkVersionFields);
export type CreateKeyCapBody = z.input<typeof createKeyCapBody>;

// --- Triple-DES keys exported as TR-31 key blocks ---

const TR31_KEY_USAGES = ['K0', 'D0', 'P0', 'M3'] as const;
const TR31_MODES_OF_USE = ['B', 'E', 'D', 'C', 'G', 'V'] as const;
const TR31_EXPORTABILITY = ['E', 'N', 'S'] as const;

/** POST /cap/tdes-keys: a fresh Triple-DES key, returned only inside its TR-31 key block. */
export const tdesKeyBody = z.strictObject({
  key_length: z.union([z.literal(16), z.literal(24)], { error: 'Key length must be 16 or 24' }),
  /** tdes: version B block (KBPK 16 or 24 bytes); aes: version D (16, 24 or 32 bytes). */
  kbpk_algorithm: z.enum(['tdes', 'aes'], { error: 'Key block protection key type is required' }),
  kbpk: z
    .string()
    .trim()
    .min(1, { error: genericMessages.required('Key block protection key'), abort: true })
    .regex(/^(?:[0-9A-Fa-f]{32}|[0-9A-Fa-f]{48}|[0-9A-Fa-f]{64})$/, {
      error: 'Key block protection key must be 32, 48 or 64 hex digits',
    }),
  key_usage: z.enum(TR31_KEY_USAGES).default('K0'),
  mode_of_use: z.enum(TR31_MODES_OF_USE).default('B'),
  exportability: z.enum(TR31_EXPORTABILITY).default('N'),
});
export const tdesKeyResponse = ok(
  z.object({
    key_length: z.number().int(),
    /** KCV of the new key (6 hex digits). */
    kcv: z.string(),
    /** KCV of the key block protection key, to check it was typed right. */
    kbpk_kcv: z.string(),
    tr31: z.string(),
  }),
);

// --- The company's ULD key sets (public halves) ---

export const keySetInfo = z.object({
  id: z.string(),
  kind: z.enum(['manufacturer', 'user']),
  status: z.enum(['current', 'pending', 'retired', 'superseded']),
  generation: z.number().int().nullable(),
  name: z.string(),
  kek_public_pem: z.string(),
  kek_fingerprint: z.string(),
  signing_public_pem: z.string(),
  signing_fingerprint: z.string(),
  signing_source: z.enum(KEY_SOURCES),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  retired_at: z.string().nullable(),
});
export type KeySetInfo = z.infer<typeof keySetInfo>;

/** GET /cap/keys?company_id= */
export const keySetsQuery = z.object({ company_id: companyIdField });
export const keySetsResponse = ok(
  z.object({
    company_id: z.string(),
    company_code: z.string(),
    manufacturer: keySetInfo,
    user: keySetInfo,
    /** Every set of the company, current first. */
    sets: z.array(keySetInfo),
  }),
);
