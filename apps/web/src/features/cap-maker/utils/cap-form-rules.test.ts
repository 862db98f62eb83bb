import { createCapBody, createKeyCapBody } from '@tkc/contracts/api/cap';
import { describe, expect, it } from 'vitest';
import {
  allowedKeySources,
  emptyHeader,
  type GeneralValues,
  generalCapBody,
  generalProblems,
  type KeyValues,
  keyCapBody,
  keyProblems,
  publicKeyText,
} from './cap-form-rules';

const MODEL = '6f1c2f5e-1d3b-4c1a-9a55-0e1e7f0c9d11';
const UPLOAD = '0b5a4e8e-2f3d-4c6b-8a1e-3c9d7e6f5a41';
const header = {
  ...emptyHeader,
  title: 'POS app',
  version: '0104',
  company: 'Acme',
  company_cap: 'ACME',
  comment: 'Release',
  description: 'Counter terminals',
  product: 'POS',
  company_code: 'ACM',
};
const general: GeneralValues = {
  ...header,
  model_id: MODEL,
  app_type: 'bin',
  app_file: 'app.bin',
  app_name: 'Payments',
};
const key: KeyValues = {
  ...header,
  model_id: MODEL,
  key_name: 'User keys 2026',
  key_source: 'internal',
  signing_public_key: '',
};
const files = [{ upload_id: UPLOAD, name: 'app.bin', sha256: 'a'.repeat(64), size: 3 }];

/** The fields the contract's schema refuses (first path segment). */
const schemaFields = (schema: typeof createCapBody | typeof createKeyCapBody, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : [...new Set(result.error.issues.map((i) => String(i.path[0])))].sort();
};
const ruleFields = (problems: object) => Object.keys(problems).sort();

describe('General form rules', () => {
  it('accept a valid CAP4 and CAP3 form, as the schema does', () => {
    expect(generalProblems(general, 64)).toEqual({});
    expect(schemaFields(createCapBody, generalCapBody(general, null, files))).toEqual([]);
    const cap3 = { ...general, cap_version: 3 as const, company_code: '' };
    expect(generalProblems(cap3, 64)).toEqual({});
    expect(schemaFields(createCapBody, generalCapBody(cap3, null, files))).toEqual([]);
  });

  it.each([
    ['version', { version: '' }],
    ['version', { version: '010' }],
    ['version', { version: 'x'.repeat(100) }],
    ['company_code', { company_code: '' }],
    ['company_code', { company_code: 'C'.repeat(33) }],
    ['title', { title: 'T'.repeat(256) }],
    ['company', { company: 'C'.repeat(129) }],
    ['company_cap', { company_cap: '' }],
    ['company_cap', { company_cap: 'C'.repeat(21) }],
    ['comment', { comment: '  ' }],
    ['description', { description: 'D'.repeat(256) }],
    ['product', { product: '' }],
    ['app_name', { app_name: '' }],
    ['app_name', { app_name: 'A'.repeat(65) }],
    ['model_id', { model_id: '' }],
  ])('refuse %s like the schema (%j)', (field, patch) => {
    const values = { ...general, ...patch };
    expect(ruleFields(generalProblems(values, 64))).toEqual([field]);
    expect(schemaFields(createCapBody, generalCapBody(values, null, files))).toEqual([field]);
  });

  it('hold CAP3 versions to exactly 4 characters and ignore the company code', () => {
    const cap3 = { ...general, cap_version: 3 as const, company_code: '' };
    expect(generalProblems({ ...cap3, version: '01045' }, 64)).toEqual({
      version: { rule: 'max', n: 4 },
    });
    expect(
      schemaFields(createCapBody, generalCapBody({ ...cap3, version: '01045' }, null, files)),
    ).toEqual(['version']);
    expect(generalProblems({ ...general, version: '0104-beta' }, 64)).toEqual({});
  });

  it("bound the app name by the model's family", () => {
    expect(generalProblems({ ...general, app_name: 'A'.repeat(21) }, 20)).toEqual({
      app_name: { rule: 'max', n: 20 },
    });
    expect(generalProblems({ ...general, app_name: 'A'.repeat(20) }, 20)).toEqual({});
    expect(generalProblems({ ...general, app_name: 'A'.repeat(64) }, null)).toEqual({});
  });

  it('names the company only when one is chosen, and trims', () => {
    const body = generalCapBody({ ...general, title: ' POS app ' }, MODEL, files);
    expect(body).toMatchObject({ company_id: MODEL, title: 'POS app', files });
    expect('company_id' in generalCapBody(general, null, files)).toBe(false);
    expect(generalCapBody({ ...general, cap_version: 3 }, null, files).company_code).toBe('');
  });
});

describe('Key form rules', () => {
  it('accept a valid internal and external form, as the schema does', () => {
    expect(keyProblems(key)).toEqual({});
    expect(schemaFields(createKeyCapBody, keyCapBody(key, null))).toEqual([]);
    const external = {
      ...key,
      key_source: 'external' as const,
      signing_public_key: '-----BEGIN PUBLIC KEY-----\nAA\n-----END PUBLIC KEY-----',
    };
    expect(keyProblems(external)).toEqual({});
    expect(keyCapBody(external, null).signing_public_key).toContain('BEGIN PUBLIC KEY');
  });

  it.each([
    ['key_name', { key_name: 'abc' }],
    ['key_name', { key_name: 'k'.repeat(65) }],
    ['key_name', { key_name: '' }],
    ['version', { version: '' }],
  ])('refuse %s like the schema (%j)', (field, patch) => {
    const values = { ...key, ...patch };
    expect(ruleFields(keyProblems(values))).toEqual([field]);
    expect(schemaFields(createKeyCapBody, keyCapBody(values, null))).toEqual([field]);
  });

  it('ask for the public key only for an external source, and send it only then', () => {
    expect(keyProblems({ ...key, key_source: 'external' })).toEqual({
      signing_public_key: { rule: 'required' },
    });
    expect(keyCapBody({ ...key, signing_public_key: 'leftover' }, null).signing_public_key).toBe(
      '',
    );
  });

  it('offer the sources the role may use', () => {
    expect(allowedKeySources(true, true)).toEqual(['internal', 'external']);
    expect(allowedKeySources(false, true)).toEqual(['external']);
    expect(allowedKeySources(false, false)).toEqual([]);
  });
});

describe('publicKeyText', () => {
  it('keeps PEM and turns DER into base64', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----\n';
    expect(publicKeyText(new TextEncoder().encode(pem))).toBe(pem.trim());
    expect(publicKeyText(new Uint8Array([0x30, 0x82, 0x01, 0x22]))).toBe('MIIBIg==');
  });
});
