import { useDebouncedCallback } from '@mantine/hooks';
import { FIRST_PAGE } from '@tkc/contracts/constants';
import type { ListQuery } from '@tkc/contracts/list-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultFilters,
  EMPTY_FILTERS,
  formatListView,
  type ListDefaults,
  type ListFilters,
  type ListView,
  parseListView,
} from './list-url';

// The state of one server-side list (docs/product.md#list-query): page, size, sort and filters, kept in
// the address (lib/list-url.ts) so Back and reload keep them. Changing a filter, the sort or the
// page size goes back to the first page. The keyword reaches the address (and the server) a moment
// after typing stops, not on every key.

const KEYWORD_DEBOUNCE_MS = 350;

export function useListState(defaults: ListDefaults) {
  const [params, setParams] = useSearchParams();
  const defaultsRef = useRef(defaults);
  const view = useMemo(() => parseListView(params, defaultsRef.current), [params]);
  const viewRef = useRef(view);
  viewRef.current = view;

  // Replace, not push: Back leaves the list (with its view) instead of undoing each filter.
  // flushSync: the new view renders with the choice that made it, not in a transition that each
  // later click or key interrupts and restarts, which under load let a dialog opened just after
  // a filter was picked see the view before it (docs/web.md#lists).
  const update = useCallback(
    (patch: Partial<ListView> | ((view: ListView) => Partial<ListView>)) => {
      setParams(
        () => {
          // The address as it is now: React Router hands the updater the params of the last
          // render, so a debounced keyword firing before a filter's re-render would undo it.
          const current = new URLSearchParams(window.location.search);
          const base = parseListView(current, defaultsRef.current);
          const next = { ...base, ...(typeof patch === 'function' ? patch(base) : patch) };
          return formatListView(next, defaultsRef.current, current);
        },
        { replace: true, flushSync: true },
      );
    },
    [setParams],
  );

  // What the search box shows; it follows the address when that changes from elsewhere (Back).
  const [keywordDraft, setKeywordDraft] = useState(view.filters.keyword);
  const pushedKeyword = useRef(view.filters.keyword);
  useEffect(() => {
    if (view.filters.keyword !== pushedKeyword.current) {
      pushedKeyword.current = view.filters.keyword;
      setKeywordDraft(view.filters.keyword);
    }
  }, [view.filters.keyword]);
  const pushKeyword = useDebouncedCallback((keyword: string) => {
    pushedKeyword.current = keyword.trim();
    update((v) => ({ page: FIRST_PAGE, filters: { ...v.filters, keyword } }));
  }, KEYWORD_DEBOUNCE_MS);

  const setFilter = useCallback(
    <K extends keyof ListFilters>(key: K, value: ListFilters[K]) => {
      if (key === 'keyword') {
        setKeywordDraft(value as string);
        pushKeyword(value as string);
        return;
      }
      update((v) => ({ page: FIRST_PAGE, filters: { ...v.filters, [key]: value } }));
    },
    [update, pushKeyword],
  );
  const setRange = useCallback(
    (from: string, to: string) =>
      update((v) => ({ page: FIRST_PAGE, filters: { ...v.filters, from, to } })),
    [update],
  );
  const resetFilters = useCallback(() => {
    const start = defaultFilters(defaultsRef.current);
    pushKeyword.cancel();
    setKeywordDraft(start.keyword);
    pushedKeyword.current = start.keyword;
    update({ page: FIRST_PAGE, filters: start });
  }, [update, pushKeyword]);
  const setSort = useCallback(
    (sort: ListView['sort']) => update({ sort, page: FIRST_PAGE }),
    [update],
  );
  const setLimit = useCallback((limit: number) => update({ limit, page: FIRST_PAGE }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);

  const { page, limit, sort, filters } = view;
  /** The list query (docs/product.md#list-query), for `encodeListQuery`. */
  const query: ListQuery = useMemo(
    () => ({
      limit,
      page,
      sortby: sort.column,
      sort: sort.direction,
      keyword: filters.keyword,
      from: filters.from || null,
      to: filters.to || null,
      status: filters.status,
      companyid: filters.companyid,
      activity: filters.activity,
    }),
    [limit, page, sort, filters],
  );

  const start = defaultFilters(defaultsRef.current);
  const hasFilters =
    keywordDraft.trim() !== start.keyword ||
    (Object.keys(EMPTY_FILTERS) as (keyof ListFilters)[]).some(
      (key) => key !== 'keyword' && JSON.stringify(filters[key]) !== JSON.stringify(start[key]),
    );

  return {
    page,
    setPage,
    limit,
    setLimit,
    sort,
    setSort,
    /** The filters, with the search box's text as typed. */
    filters: { ...filters, keyword: keywordDraft },
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
 * 7- and 30-day shortcuts, docs/product.md#list-query; the server reads the days in the same zone).
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
