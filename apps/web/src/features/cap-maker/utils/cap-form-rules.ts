import type { CreateCapBody, CreateKeyCapBody, KeySource } from '@tkc/contracts/api/cap';
import { type BoundedField, textBounds } from '@tkc/contracts/forms';

// The CAP Maker forms' rules, field by field, as the contract states them (createCapBody and
// createKeyCapBody in packages/contracts/src/api/cap.ts; bounds: textBounds, docs/cap-maker.md#api).
// They are written out (not the schema's English messages) so each problem is worded in the
// page's language; cap-form-rules.test.ts checks they agree with the schemas.

export type CapVersion = 3 | 4;

export type HeaderValues = {
  cap_version: CapVersion;
  title: string;
  version: string;
  company: string;
  company_cap: string;
  comment: string;
  description: string;
  product: string;
  company_code: string;
};

export type GeneralValues = HeaderValues & {
  model_id: string;
  app_type: 'bin' | 'apk';
  app_file: string;
  app_name: string;
};

export type KeyValues = HeaderValues & {
  model_id: string;
  key_name: string;
  key_source: KeySource;
  signing_public_key: string;
};

export type FieldProblem = { rule: 'required' } | { rule: 'min' | 'max'; n: number };
export type FieldProblems = Partial<Record<string, FieldProblem>>;

export const emptyHeader: HeaderValues = {
  cap_version: 4,
  title: '',
  version: '',
  company: '',
  company_cap: '',
  comment: '',
  description: '',
  product: '',
  company_code: '',
};

/** Bounds of a field that depend on the CAP version: the version text. */
export const versionBounds = (capVersion: CapVersion) =>
  capVersion === 3 ? textBounds.cap3Version : textBounds.cap4Version;

/** Longest external public key the contract takes (PEM or base64 DER). */
export const PUBLIC_KEY_MAX = 16_384;

/** A trimmed text within [min, max] (UTF-16 units, as zod's min/max count); min 0 is optional. */
function bounded(value: string, [min, max]: readonly [number, number]): FieldProblem | null {
  const length = value.trim().length;
  if (length === 0) return min > 0 ? { rule: 'required' } : null;
  if (length < min) return { rule: 'min', n: min };
  if (length > max) return { rule: 'max', n: max };
  return null;
}

const headerBounds: Record<Exclude<keyof HeaderValues, 'cap_version' | 'version'>, BoundedField> = {
  title: 'title',
  company: 'company',
  company_cap: 'companyCap',
  comment: 'comment',
  description: 'description',
  product: 'product',
  company_code: 'companyCode',
};

/** Problems of the header fields (CAP3: version exactly 4; CAP4: 4-99 and a company code). */
function headerProblems(values: HeaderValues): FieldProblems {
  const problems: FieldProblems = {};
  for (const [field, bound] of Object.entries(headerBounds)) {
    if (field === 'company_code' && values.cap_version === 3) continue;
    const found = bounded(values[field as keyof typeof headerBounds], textBounds[bound]);
    if (found) problems[field] = found;
  }
  // The version counts characters (code points), as checkVersionFields does.
  const [min, max] = versionBounds(values.cap_version);
  const length = [...values.version.trim()].length;
  if (length === 0) problems.version = { rule: 'required' };
  else if (length < min) problems.version = { rule: 'min', n: min };
  else if (length > max) problems.version = { rule: 'max', n: max };
  return problems;
}

/** The General form: header, model, and the app name within the model family's bound. */
export function generalProblems(values: GeneralValues, appNameMax: number | null): FieldProblems {
  const problems = headerProblems(values);
  if (!values.model_id) problems.model_id = { rule: 'required' };
  const [min, max] = textBounds.appNameNewer;
  const appName = bounded(values.app_name, [min, Math.min(max, appNameMax ?? max)]);
  if (appName) problems.app_name = appName;
  return problems;
}

/** The Key form: header, model, key name 4-64, and the public key for an external source. */
export function keyProblems(values: KeyValues): FieldProblems {
  const problems = headerProblems(values);
  if (!values.model_id) problems.model_id = { rule: 'required' };
  const keyName = bounded(values.key_name, textBounds.keyName);
  if (keyName) problems.key_name = keyName;
  if (values.key_source === 'external') {
    const key = bounded(values.signing_public_key, [1, PUBLIC_KEY_MAX]);
    if (key) problems.signing_public_key = key;
  }
  return problems;
}

const headerBody = (v: HeaderValues) => ({
  cap_version: v.cap_version,
  title: v.title.trim(),
  version: v.version.trim(),
  company: v.company.trim(),
  company_cap: v.company_cap.trim(),
  comment: v.comment.trim(),
  description: v.description.trim(),
  product: v.product.trim(),
  // A CAP3 has no company code (capHeaderOf leaves it out).
  company_code: v.cap_version === 4 ? v.company_code.trim() : '',
});

const companyOf = (companyId: string | null) => (companyId ? { company_id: companyId } : {});

/** POST /cap/caps's body from the form and the uploaded files. */
export function generalCapBody(
  values: GeneralValues,
  companyId: string | null,
  files: CreateCapBody['files'],
): CreateCapBody {
  return {
    ...companyOf(companyId),
    model_id: values.model_id,
    app_type: values.app_type,
    app_file: values.app_file,
    app_name: values.app_name.trim(),
    ...headerBody(values),
    files,
  };
}

/** POST /cap/key-caps's body from the form (the public key only for an external source). */
export function keyCapBody(values: KeyValues, companyId: string | null): CreateKeyCapBody {
  return {
    ...companyOf(companyId),
    model_id: values.model_id,
    ...headerBody(values),
    key_name: values.key_name.trim(),
    key_source: values.key_source,
    signing_public_key: values.key_source === 'external' ? values.signing_public_key.trim() : '',
  };
}

/** The key sources a role may choose, internal first (docs/cap-maker.md#key). */
export const allowedKeySources = (canInternal: boolean, canExternal: boolean): KeySource[] => [
  ...(canInternal ? (['internal'] as const) : []),
  ...(canExternal ? (['external'] as const) : []),
];

/** A public key file's text: PEM as it is; DER (binary) as base64, which the contract accepts. */
export function publicKeyText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('-----BEGIN')) return text.trim();
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
