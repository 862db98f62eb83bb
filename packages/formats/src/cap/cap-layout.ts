import { type BoundedField, textBounds } from '@tkc/contracts/forms';

// Constants of the CAP3/CAP4 byte layout. Every offset and field is described, with tables, in
// docs/formats/cap.md; keep the two in step.

export type CapVersion = 3 | 4;
export const CAP_VERSIONS: readonly CapVersion[] = [3, 4];

/**
 * What a CAP carries: application files, a new ULD User key set (a Key CAP), or terminal
 * certificates and their keys (a Certificate CAP or Key Certificate Group).
 */
export type CapKind = 'application' | 'keySet' | 'certificate';
export const KIND_CODES: Record<CapKind, number> = {
  application: 0x01,
  keySet: 0x02,
  certificate: 0x03,
};

/** "\x89CAP": the high byte catches 7-bit transfers, the letters name the file. */
export const CAP_MAGIC = Uint8Array.of(0x89, 0x43, 0x41, 0x50);
/** magic (4), version (1), kind (1), reserved (2), header length H (4), payload length P (8). */
export const PREAMBLE_BYTES = 20;
export const MAX_HEADER_SECTION_BYTES = 4 * 1024 * 1024;

/** "SIGN": the start of the signature block, right after the payload. */
export const SIGN_MAGIC = Uint8Array.of(0x53, 0x49, 0x47, 0x4e);
/** magic (4), algorithm (1), signer fingerprint (32), signature length (2). */
export const SIGN_FIXED_BYTES = 39;
/** RSASSA-PKCS1-v1_5 with SHA-256. */
export const SIGNATURE_ALGORITHM = 0x01;
/** RSA-OAEP (SHA-256, MGF1-SHA-256) wrapping a 3-key Triple-DES key; payload in TDES-CBC. */
export const KEY_BLOCK_ALGORITHM = 0x01;

export const FINGERPRINT_BYTES = 32;
export const SHA256_BYTES = 32;
export const KCV_BYTES = 3;
export const IV_BYTES = 8;
export const PAYLOAD_KEY_BYTES = 24;

export const MAX_FILES: Record<CapVersion, number> = { 3: 255, 4: 4096 };
/** File sizes are 4 bytes in CAP3 and 8 in CAP4 (where JavaScript's 2^53 - 1 is the limit). */
export const MAX_FILE_BYTES: Record<CapVersion, number> = {
  3: 0xffffffff,
  4: Number.MAX_SAFE_INTEGER,
};
export const MAX_FILE_NAME_BYTES = 255;

export type CapFieldName =
  | 'title'
  | 'version'
  | 'company'
  | 'companyCap'
  | 'comment'
  | 'description'
  | 'product'
  | 'companyCode'
  | 'appName'
  | 'keyName';

/** Which terminal family an application is for: it sets the app name limit. */
export type AppNameLimit = 'older' | 'newer';

type FieldSpec = {
  tag: number;
  name: CapFieldName;
  label: string;
  bounds: (version: CapVersion, appNameLimit: AppNameLimit) => BoundedField;
  versions: readonly CapVersion[];
  kinds: readonly CapKind[];
};

const both: readonly CapVersion[] = [3, 4];
const anyKind: readonly CapKind[] = ['application', 'keySet', 'certificate'];

/** The header fields in tag order; a CAP holds exactly those of its version and kind. */
export const CAP_FIELDS: readonly FieldSpec[] = [
  { tag: 1, name: 'title', label: 'Title', bounds: () => 'title', versions: both, kinds: anyKind },
  {
    tag: 2,
    name: 'version',
    label: 'Version',
    bounds: (v) => (v === 3 ? 'cap3Version' : 'cap4Version'),
    versions: both,
    kinds: anyKind,
  },
  {
    tag: 3,
    name: 'company',
    label: 'Company',
    bounds: () => 'company',
    versions: both,
    kinds: anyKind,
  },
  {
    tag: 4,
    name: 'companyCap',
    label: 'Company CAP',
    bounds: () => 'companyCap',
    versions: both,
    kinds: anyKind,
  },
  {
    tag: 5,
    name: 'comment',
    label: 'Comment',
    bounds: () => 'comment',
    versions: both,
    kinds: anyKind,
  },
  {
    tag: 6,
    name: 'description',
    label: 'Description',
    bounds: () => 'description',
    versions: both,
    kinds: anyKind,
  },
  {
    tag: 7,
    name: 'product',
    label: 'Product',
    bounds: () => 'product',
    versions: both,
    kinds: anyKind,
  },
  {
    tag: 8,
    name: 'companyCode',
    label: 'Company code',
    bounds: () => 'companyCode',
    versions: [4],
    kinds: anyKind,
  },
  {
    tag: 9,
    name: 'appName',
    label: 'App name',
    bounds: (_v, limit) => (limit === 'older' ? 'appNameOlder' : 'appNameNewer'),
    versions: both,
    kinds: ['application'],
  },
  {
    tag: 10,
    name: 'keyName',
    label: 'Key name',
    bounds: () => 'keyName',
    versions: both,
    kinds: ['keySet', 'certificate'],
  },
];

/** The fields a CAP of this version and kind holds, in tag order. */
export const fieldsOf = (version: CapVersion, kind: CapKind): readonly FieldSpec[] =>
  CAP_FIELDS.filter((f) => f.versions.includes(version) && f.kinds.includes(kind));

/** The [min, max] characters of a field. */
export const fieldBounds = (
  f: FieldSpec,
  version: CapVersion,
  appNameLimit: AppNameLimit,
): readonly [number, number] => textBounds[f.bounds(version, appNameLimit)];
