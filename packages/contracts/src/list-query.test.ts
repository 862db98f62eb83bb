import { describe, expect, it } from 'vitest';
import {
  dateRangeOf,
  defaultSortColumn,
  encodeListQuery,
  type ListQuery,
  listQuerySchema,
  wallTimeToInstant,
} from './list-query';

/** What the server sees: the query string parsed into a plain object. */
const queryObject = (qs: string) => {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
  }
  return out;
};

const users = listQuerySchema(['first_name', 'last_name', 'email', 'created_at', 'status']);
const firstIssue = (value: unknown) => users.safeParse(value).error?.issues[0]?.message;

describe('encodeListQuery', () => {
  it('is empty when nothing is set, and at the defaults', () => {
    expect(encodeListQuery({})).toBe('');
    expect(
      encodeListQuery({
        limit: 30,
        page: 1,
        sortby: 'first_name',
        sort: 'asc',
        keyword: '',
        status: [],
      }),
    ).toBe('');
    expect(encodeListQuery({ sortby: 'created_at' })).toBe('');
  });

  it('writes limit as 30 when set but falsy, and omits it at 30', () => {
    expect(encodeListQuery({ limit: 0 })).toBe('?limit=30');
    expect(encodeListQuery({ limit: null })).toBe('?limit=30');
    expect(encodeListQuery({ limit: 30 })).toBe('');
    expect(encodeListQuery({ limit: 50 })).toBe('?limit=50');
  });

  it('writes every parameter in order', () => {
    expect(
      encodeListQuery({
        limit: 10,
        page: 3,
        sortby: 'email',
        sort: 'desc',
        keyword: 'ada lovelace&co',
        from: '2025-05-01',
        to: '2025-05-23',
        status: [1, 2],
        companyid: ['c1', 'c2'],
        activity: ['login'],
      }),
    ).toBe(
      '?limit=10&page=3&sortby=email&sort=desc&keyword=ada%20lovelace%26co' +
        '&from=2025-05-01T00:00&to=2025-05-23T23:59&status=1,2&companyid=c1,c2&activity=login',
    );
  });

  it('formats a Date by its local calendar day', () => {
    const d = new Date(2025, 0, 9, 17, 45);
    expect(encodeListQuery({ from: d, to: d })).toBe('?from=2025-01-09T00:00&to=2025-01-09T23:59');
  });

  it('leaves out invalid dates and a blank keyword', () => {
    expect(encodeListQuery({ from: new Date('x'), to: '2025-02-30', keyword: '   ' })).toBe('');
  });
});

describe('listQuerySchema', () => {
  it('fills the defaults', () => {
    expect(users.parse({})).toEqual({ limit: 30, page: 1, sortby: 'first_name', sort: 'asc' });
  });

  it('bounds limit and page', () => {
    expect(users.parse({ limit: '100' }).limit).toBe(100);
    expect(firstIssue({ limit: '101' })).toBe('limit must be at most 100');
    expect(firstIssue({ limit: '0' })).toBe('limit must be at least 1');
    expect(firstIssue({ limit: 'ten' })).toBe('limit must be a number');
    expect(firstIssue({ page: '0' })).toBe('page must be at least 1');
    expect(firstIssue({ page: '1.5' })).toBe('page must be a whole number');
  });

  it('only sorts by the given columns', () => {
    expect(users.parse({ sortby: 'email', sort: 'desc' })).toMatchObject({
      sortby: 'email',
      sort: 'desc',
    });
    expect(firstIssue({ sortby: 'password' })).toBe('Unknown sort column');
    expect(firstIssue({ sort: 'up' })).toBe("sort must be 'asc' or 'desc'");
  });

  it('defaults the sort column to first_name, else created_at, else the first column', () => {
    expect(defaultSortColumn(['email', 'created_at'])).toBe('created_at');
    expect(listQuerySchema(['name', 'code']).parse({}).sortby).toBe('name');
  });

  it('trims the keyword and limits it to 100 characters', () => {
    expect(users.parse({ keyword: '  ada ' }).keyword).toBe('ada');
    expect(users.parse({ keyword: '   ' }).keyword).toBeUndefined();
    expect(firstIssue({ keyword: 'k'.repeat(101) })).toBe('Maximum field length: 100');
  });

  it('reads dates and rejects invalid ones', () => {
    expect(users.parse({ from: '2024-02-29T00:00', to: '2024-03-01' })).toMatchObject({
      from: '2024-02-29T00:00',
      to: '2024-03-01T23:59',
    });
    for (const bad of ['2023-02-29', '2025-13-01', '2025-01-01T24:00', 'yesterday', '']) {
      expect(firstIssue({ from: bad })).toBe('Invalid date');
    }
  });

  it('splits and trims comma lists, accepting repeated keys, at most 50 items', () => {
    expect(users.parse({ status: ' 1, 2 ,,3', companyid: ['a', 'b,c'] })).toMatchObject({
      status: ['1', '2', '3'],
      companyid: ['a', 'b', 'c'],
    });
    const many = Array.from({ length: 51 }, (_, i) => String(i)).join(',');
    expect(firstIssue({ activity: many })).toBe('At most 50 items');
    expect(users.safeParse({ activity: many.split(',').slice(0, 50).join(',') }).success).toBe(
      true,
    );
  });
});

describe('round trip', () => {
  const cases: [ListQuery, Record<string, unknown>][] = [
    [{}, { limit: 30, page: 1, sortby: 'first_name', sort: 'asc' }],
    [{ limit: 0 }, { limit: 30 }],
    [
      {
        limit: 9,
        page: 4,
        sortby: 'email',
        sort: 'desc',
        keyword: 'a,b & c/d?',
        from: '2025-05-01',
        to: '2025-05-23',
        status: ['active', 'invited'],
        companyid: ['42'],
        activity: ['sign-in', 'sign-out'],
      },
      {
        limit: 9,
        page: 4,
        sortby: 'email',
        sort: 'desc',
        keyword: 'a,b & c/d?',
        from: '2025-05-01T00:00',
        to: '2025-05-23T23:59',
        status: ['active', 'invited'],
        companyid: ['42'],
        activity: ['sign-in', 'sign-out'],
      },
    ],
    [
      { sortby: 'status', status: [0] },
      { sortby: 'status', status: ['0'] },
    ],
  ];

  it.each(cases)('decodes what it encodes: %j', (query, expected) => {
    const decoded = users.parse(queryObject(encodeListQuery(query)));
    expect(decoded).toMatchObject(expected);
  });
});

describe('dates in the user time zone', () => {
  it('reads a wall-clock time in the given zone', () => {
    expect(wallTimeToInstant('2025-05-23T00:00', 'Asia/Taipei').toISOString()).toBe(
      '2025-05-22T16:00:00.000Z',
    );
    expect(wallTimeToInstant('2025-01-15T23:59', 'America/New_York').toISOString()).toBe(
      '2025-01-16T04:59:00.000Z',
    );
    expect(wallTimeToInstant('2025-07-15', 'America/New_York').toISOString()).toBe(
      '2025-07-15T04:00:00.000Z',
    );
  });

  it('moves a time skipped by daylight saving forward', () => {
    expect(wallTimeToInstant('2025-03-09T02:30', 'America/New_York').toISOString()).toBe(
      '2025-03-09T07:30:00.000Z',
    );
  });

  it('rejects an invalid time or zone', () => {
    expect(() => wallTimeToInstant('2025-02-30', 'UTC')).toThrow(RangeError);
    expect(() => wallTimeToInstant('2025-02-01', 'Nowhere/City')).toThrow(RangeError);
  });

  it('makes a half-open range that covers the whole last minute', () => {
    const q = users.parse(queryObject('?from=2025-05-01T00:00&to=2025-05-01T23:59'));
    expect(dateRangeOf(q, 'UTC')).toEqual({
      start: new Date('2025-05-01T00:00:00Z'),
      endExclusive: new Date('2025-05-02T00:00:00Z'),
    });
    expect(dateRangeOf({}, 'UTC')).toEqual({});
  });
});

describe('listQuerySchema typing', () => {
  it('takes a plain string array and refuses an empty one', () => {
    const columns: readonly string[] = ['name'];
    expect(listQuerySchema(columns).parse({ sortby: 'name' }).sortby).toBe('name');
    expect(() => listQuerySchema([])).toThrow(RangeError);
  });
});
