import fc from 'fast-check';

// Request bodies and queries for the fuzz suite (docs/testing.md#fuzz), from the OpenAPI
// document's JSON schemas: values that fit the schema, each then bent in one of the ways a client
// gets it wrong (wrong type, missing or extra field, null, huge or odd text, extreme numbers).

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  nullable?: boolean;
};

/** Text that has tripped servers before: scripts, sizes, separators, formula and path tricks. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  'a'.repeat(100_000),
  '😀'.repeat(5000),
  '\u202Eevil.exe',
  'e\u0301\u0301\u0301',
  '\u200B\u200C\u200D\uFEFF',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '../../../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent as typed
  '${jndi:ldap://x}',
  '{{7*7}}',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  'null',
  'NaN',
  '-1',
  '1e309',
  '日本語テキスト',
  'Ελληνικά',
  '\t\r\n',
];

const HOSTILE_NUMBERS = [
  -1,
  0,
  1,
  -0,
  0.5,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
];

const scalar = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
  fc.integer(),
);

/** Any JSON value, nested a little. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A value that fits the schema (as far as this simple reader knows it). */
function fitting(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map(fitting));
  const types = typesOf(schema);
  if (types.includes('object') || schema.properties) {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(properties).map(
      ([key, child]) =>
        [
          key,
          required.has(key) ? fitting(child) : fc.option(fitting(child), { nil: undefined }),
        ] as const,
    );
    return fc
      .record(Object.fromEntries(entries))
      .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
  }
  if (types.includes('array')) return fc.array(fitting(schema.items), { maxLength: 5 });
  if (types.includes('integer')) {
    return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
  }
  if (types.includes('number')) return fc.double({ noNaN: true, noDefaultInfinity: true });
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('null')) return fc.constant(null);
  if (types.includes('string')) {
    if (schema.format === 'uuid') return fc.uuid();
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'date') return fc.constantFrom('2026-01-31', '1900-01-01', '2999-12-31');
    return fc.string({
      minLength: schema.minLength ?? 0,
      maxLength: Math.min(schema.maxLength ?? 40, 200),
    });
  }
  return anyJson;
}

/** A fitting value bent in one way: what the fuzz suite sends. */
export function bent(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema?.properties ?? {});
  const field = properties.length > 0 ? fc.constantFrom(...properties) : fc.constant('x');
  return fc.oneof(
    fitting(schema),
    anyJson,
    // One field set to something hostile.
    fc
      .tuple(fitting(schema), field, scalar)
      .map(([value, key, bad]) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? { ...value, [key]: bad }
          : bad,
      ),
    // One field missing.
    fc.tuple(fitting(schema), field).map(([value, key]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const { [key]: _dropped, ...rest } = value as Record<string, unknown>;
      return rest;
    }),
    // A field nobody asked for.
    fitting(schema).map((value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? { ...value, __proto__x: 1, isAdmin: true }
        : value,
    ),
    // The body as an array, a string, null.
    fc.constantFrom([], 'text', null, 0, true),
  );
}
