import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_COLUMN,
  DEFAULT_SORT_ORDER,
  FIRST_PAGE,
  LIST_FILTER_MAX_ITEMS,
  LIST_KEYWORD_MAX_CHARS,
  MAX_PAGE_SIZE,
} from './constants';

// The list query string (docs/product.md#list-query): the SPA encodes, the server decodes, same rules.
// Dates travel as wall-clock times without a zone ('yyyy-MM-ddTHH:mm'); the server reads them in
// the user's time zone (wallTimeToInstant, dateRangeOf).

export type ListQuery = {
  /** Written as 30 when set but falsy (0, NaN, null); omitted when 30 or not set. */
  limit?: number | null;
  page?: number;
  sortby?: string;
  sort?: 'asc' | 'desc';
  keyword?: string;
  /** A Date (its local calendar day) or 'yyyy-MM-dd'; the time part is fixed by the codec. */
  from?: Date | string | null;
  to?: Date | string | null;
  status?: readonly (string | number)[];
  companyid?: readonly (string | number)[];
  activity?: readonly (string | number)[];
};

/** Sort columns that are some list's default, so never written (docs/product.md#list-query). */
const DEFAULT_SORT_COLUMNS: readonly string[] = [DEFAULT_SORT_COLUMN, 'created_at'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of a Date (local time) or of a 'yyyy-MM-dd...' string; null when invalid. */
function calendarDay(value: Date | string): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  const day = value.trim().slice(0, 10);
  return parseWallTime(day) ? day : null;
}

/**
 * The query string for a list call, with its leading '?', or '' when nothing is set. Order:
 * limit, page, sortby, sort, keyword, from, to, status, companyid, activity. Invalid dates and
 * empty lists are left out.
 */
export function encodeListQuery(q: ListQuery): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${value}`);

  if (q.limit !== undefined) {
    const limit = q.limit || DEFAULT_PAGE_SIZE;
    if (limit !== DEFAULT_PAGE_SIZE) add('limit', String(limit));
    else if (!q.limit) add('limit', String(DEFAULT_PAGE_SIZE));
  }
  if (q.page !== undefined && q.page !== FIRST_PAGE) add('page', String(q.page));
  if (q.sortby && !DEFAULT_SORT_COLUMNS.includes(q.sortby)) {
    add('sortby', encodeURIComponent(q.sortby));
  }
  if (q.sort && q.sort !== DEFAULT_SORT_ORDER) add('sort', q.sort);
  const keyword = q.keyword?.trim();
  if (keyword) add('keyword', encodeURIComponent(keyword));
  const from = q.from ? calendarDay(q.from) : null;
  if (from) add('from', `${from}T00:00`);
  const to = q.to ? calendarDay(q.to) : null;
  if (to) add('to', `${to}T23:59`);
  for (const key of ['status', 'companyid', 'activity'] as const) {
    const items = (q[key] ?? []).map(String).filter((s) => s !== '');
    if (items.length > 0) add(key, items.map(encodeURIComponent).join(','));
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** 'yyyy-MM-dd' or 'yyyy-MM-ddTHH:mm' as numbers; null unless it names a real day and time. */
function parseWallTime(value: string): (WallTime & { hasTime: boolean }) | null {
  const m = WALL_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(
    Number,
  ) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  const isRealDay =
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day;
  if (!isRealDay || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute, hasTime: m[4] !== undefined };
}

const formatWallTime = (t: WallTime) =>
  `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;

/** A date bound; a bare day gets the codec's time of day (00:00 for from, 23:59 for to). */
const wallTimeField = (timeOfDay: '00:00' | '23:59') =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const t = parseWallTime(value);
      if (!t) {
        ctx.issues.push({ code: 'custom', message: 'Invalid date', input: value });
        return z.NEVER;
      }
      return t.hasTime ? formatWallTime(t) : `${value}T${timeOfDay}`;
    });

/** A comma list; repeated keys (?status=a&status=b) are accepted too. Items are trimmed. */
const commaList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .pipe(
    z
      .array(z.string().max(100, 'Maximum field length: 100'))
      .max(LIST_FILTER_MAX_ITEMS, `At most ${LIST_FILTER_MAX_ITEMS} items`),
  );

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** The column a list sorts by when sortby is absent: first_name, else created_at, else the first. */
export const defaultSortColumn = <S extends string>(sortable: readonly S[]): S =>
  sortable.find((c) => c === DEFAULT_SORT_COLUMN) ??
  sortable.find((c) => c === 'created_at') ??
  sortable[0]!;

/**
 * The server's decoder of a list query. `sortable` lists the columns the list can sort by; an
 * absent sortby means defaultSortColumn(sortable), because the SPA never writes that column.
 */
export function listQuerySchema<const S extends string>(sortable: readonly S[]) {
  if (sortable.length === 0) throw new RangeError('listQuerySchema needs a sortable column');
  return z.object({
    limit: intParam('limit', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    page: intParam('page', FIRST_PAGE, Number.MAX_SAFE_INTEGER, FIRST_PAGE),
    sortby: z.enum(sortable, { error: 'Unknown sort column' }).default(defaultSortColumn(sortable)),
    sort: z
      .enum(['asc', 'desc'], { error: "sort must be 'asc' or 'desc'" })
      .default(DEFAULT_SORT_ORDER),
    keyword: z
      .string()
      .trim()
      .max(LIST_KEYWORD_MAX_CHARS, `Maximum field length: ${LIST_KEYWORD_MAX_CHARS}`)
      .optional()
      .transform((v) => v || undefined),
    from: wallTimeField('00:00').optional(),
    to: wallTimeField('23:59').optional(),
    status: commaList.optional(),
    companyid: commaList.optional(),
    activity: commaList.optional(),
  });
}
export type ListQueryParams<S extends string = string> = z.infer<
  ReturnType<typeof listQuerySchema<S>>
>;

/** Offset (ms) of `timeZone` from UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time ('yyyy-MM-dd' or 'yyyy-MM-ddTHH:mm') names in `timeZone`.
 * Throws RangeError for an invalid time or zone. A time skipped by a DST jump resolves forward.
 */
export function wallTimeToInstant(wall: string, timeZone: string): Date {
  const t = parseWallTime(wall);
  if (!t) throw new RangeError(`Invalid date: ${wall}`);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute);
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  const second = asUtc - zoneOffsetMs(first, timeZone);
  return new Date(Math.max(first, second));
}

/**
 * The half-open range [start, endExclusive) of decoded from/to bounds in the user's zone. `to`
 * names a whole minute (23:59 covers up to midnight), hence the extra minute.
 */
export function dateRangeOf(
  q: { from?: string; to?: string },
  timeZone: string,
): { start?: Date; endExclusive?: Date } {
  return {
    ...(q.from ? { start: wallTimeToInstant(q.from, timeZone) } : {}),
    ...(q.to
      ? { endExclusive: new Date(wallTimeToInstant(q.to, timeZone).getTime() + 60_000) }
      : {}),
  };
}
