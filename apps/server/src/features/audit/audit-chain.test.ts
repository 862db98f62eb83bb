import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChainedContent,
  chainHash,
  chainHashParts,
  GENESIS_HASH,
  storable,
} from './audit-chain';

// The chain's hash, checked against SHA-256 computed here by node:crypto over the text written out
// by hand: the canonical form is what an outside verifier must reproduce (docs/security.md#audit-chain).

const content: ChainedContent = {
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
  actorUserId: 'u1',
  actorEmail: 'a@example.com',
  companyId: null,
  action: 'auth.logout',
  target: 'user:u1',
  ip: '203.0.113.7',
  result: 'success',
  detail: { z: 1, a: [true, null, 'x'], m: { y: 2, b: 'c' } },
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('chainHash', () => {
  it('is SHA-256 of the previous hash, a newline and the content with keys sorted at every depth', () => {
    const canonical =
      '{"action":"auth.logout","actorEmail":"a@example.com","actorUserId":"u1","companyId":null,' +
      '"createdAt":"2026-01-02T03:04:05.678Z","detail":{"a":[true,null,"x"],"m":{"b":"c","y":2},"z":1},' +
      '"ip":"203.0.113.7","result":"success","target":"user:u1"}';
    expect(chainHash(GENESIS_HASH, content)).toBe(sha256(`${'0'.repeat(64)}\n${canonical}`));
  });

  it('starts from 64 zeros', () => {
    expect(GENESIS_HASH).toBe('0'.repeat(64));
  });

  it('does not depend on the order keys were written in, and leaves out undefined values', () => {
    const reordered = {
      ...content,
      detail: { m: { b: 'c', y: 2, gone: undefined }, a: [true, null, 'x'], z: 1 },
    };
    expect(chainHash('ab', reordered)).toBe(chainHash('ab', content));
  });

  it('changes with the previous hash and with any value, however deep', () => {
    const base = chainHash('ab', content);
    expect(chainHash('ac', content)).not.toBe(base);
    expect(chainHash('ab', { ...content, detail: { ...content.detail, z: 2 } })).not.toBe(base);
    expect(
      chainHash('ab', { ...content, detail: { ...content.detail, m: { y: 2, b: 'd' } } }),
    ).not.toBe(base);
    expect(
      chainHash('ab', { ...content, createdAt: new Date(content.createdAt.getTime() + 1) }),
    ).not.toBe(base);
  });

  it('writes an undefined array item as null, as JSON does', () => {
    const withHole = { ...content, detail: { list: [undefined, 1] } };
    const canonical =
      '{"action":"auth.logout","actorEmail":"a@example.com","actorUserId":"u1","companyId":null,' +
      '"createdAt":"2026-01-02T03:04:05.678Z","detail":{"list":[null,1]},' +
      '"ip":"203.0.113.7","result":"success","target":"user:u1"}';
    expect(chainHash('p', withHole)).toBe(sha256(`p\n${canonical}`));
  });
});

describe('chainHashParts', () => {
  // The database stamps the time between the two parts (migration 0015); whatever the content,
  // the joined text must be what chainHash hashes, or every appended event fails verification.
  it('joined around any time give the text chainHash hashes', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    fc.assert(
      fc.property(
        fc.record({
          actorUserId: fc.option(fc.uuid(), { nil: null }),
          actorEmail: text,
          companyId: fc.option(fc.uuid(), { nil: null }),
          action: text,
          target: text,
          ip: text,
          result: text,
          detail: fc.dictionary(text, fc.jsonValue({ maxDepth: 2 })),
        }),
        fc.date({ min: new Date('1970-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
        (raw, createdAt, prev) => {
          const content = storable(raw);
          const { before, after } = chainHashParts(content);
          expect(sha256(`${prev}\n${before}${createdAt.toISOString()}${after}`)).toBe(
            chainHash(prev, { ...content, createdAt }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('storable', () => {
  it('replaces NUL and lone surrogates in strings, keys and array items, at every depth', () => {
    expect(
      storable({ 'k\u0000': ['a\u0000b', { deep: '\uD800x' }], n: 5, t: true, z: null }),
    ).toEqual({
      'k\uFFFD': ['a\uFFFDb', { deep: '\uFFFDx' }],
      n: 5,
      t: true,
      z: null,
    });
  });

  it('keeps a Date as a Date and good text as it is', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const out = storable({ at, text: 'Grüße \uD83D\uDE00' });
    expect(out.at).toBe(at);
    expect(out.text).toBe('Grüße \uD83D\uDE00');
  });
});
