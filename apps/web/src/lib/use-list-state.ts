import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@tkc/contracts/constants';
import type { ListQuery } from '@tkc/contracts/list-query';
import { useCallback, useMemo, useState } from 'react';

// The state of one server-side list (spec 7 query): page, page size, sort and filters. Changing
// a filter, the sort or the page size goes back to the first page. The keyword is sent a moment
// after typing stops, not on every key.

export type SortState = { column: string; direction: 'asc' | 'desc' };

export type ListFilters = {
  keyword: string;
  from: string;
  to: string;
  status: string[];
  companyid: string[];
  activity: string[];
};

export const EMPTY_FILTERS: ListFilters = {
  keyword: '',
  from: '',
  to: '',
  status: [],
  companyid: [],
  activity: [],
};

const KEYWORD_DEBOUNCE_MS = 350;

export function useListState({
  sort: initialSort,
  filters: initialFilters = {},
}: {
  sort: SortState;
  filters?: Partial<ListFilters>;
}) {
  const [start] = useState<ListFilters>(() => ({ ...EMPTY_FILTERS, ...initialFilters }));
  const [page, setPage] = useState(FIRST_PAGE);
  const [limit, setLimitState] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSortState] = useState<SortState>(initialSort);
  const [filters, setFilters] = useState<ListFilters>(start);
  const [keyword] = useDebouncedValue(filters.keyword, KEYWORD_DEBOUNCE_MS);

  const setFilter = useCallback(<K extends keyof ListFilters>(key: K, value: ListFilters[K]) => {
    setFilters((prev) => ({ ...prev, [key]: value }));
    setPage(FIRST_PAGE);
  }, []);
  const setRange = useCallback((from: string, to: string) => {
    setFilters((prev) => ({ ...prev, from, to }));
    setPage(FIRST_PAGE);
  }, []);
  const resetFilters = useCallback(() => {
    setFilters(start);
    setPage(FIRST_PAGE);
  }, [start]);
  const setSort = useCallback((next: SortState) => {
    setSortState(next);
    setPage(FIRST_PAGE);
  }, []);
  const setLimit = useCallback((next: number) => {
    setLimitState(next);
    setPage(FIRST_PAGE);
  }, []);

  /** The list query of spec 7 (the debounced keyword), for `encodeListQuery`. */
  const query: ListQuery = useMemo(
    () => ({
      limit,
      page,
      sortby: sort.column,
      sort: sort.direction,
      keyword,
      from: filters.from || null,
      to: filters.to || null,
      status: filters.status,
      companyid: filters.companyid,
      activity: filters.activity,
    }),
    [
      limit,
      page,
      sort,
      keyword,
      filters.from,
      filters.to,
      filters.status,
      filters.companyid,
      filters.activity,
    ],
  );

  const hasFilters = (Object.keys(EMPTY_FILTERS) as (keyof ListFilters)[]).some(
    (key) => JSON.stringify(filters[key]) !== JSON.stringify(start[key]),
  );

  return {
    page,
    setPage,
    limit,
    setLimit,
    sort,
    setSort,
    filters,
    setFilter,
    setRange,
    resetFilters,
    hasFilters,
    query,
  };
}

export type ListState = ReturnType<typeof useListState>;

/** Today's calendar day ('yyyy-MM-dd') in `timeZone` (the browser's zone when unknown). */
export function todayIn(timeZone?: string, now = new Date()): string {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

/**
 * The range of the last `days` days, today included, as calendar days of the user's zone (the
 * 7- and 30-day shortcuts of spec 9; the server reads the days in the same zone).
 */
export function lastDays(
  days: number,
  timeZone?: string,
  now = new Date(),
): { from: string; to: string } {
  const to = todayIn(timeZone, now);
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const from = new Date(Date.UTC(y, m - 1, d - (days - 1))).toISOString().slice(0, 10);
  return { from, to };
}
