import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@tkc/contracts/constants';

// A server-side list's view (page, page size, sort, filters) in the address, so a link, a reload
// or the Back button gives the same rows (docs/management-web.md, "Tables"). Defaults are left
// out; parameters the list does not own (the serial-number page's ?company) are kept.

type SortState = { column: string; direction: 'asc' | 'desc' };

export type ListFilters = {
  keyword: string;
  /** yyyy-MM-dd or '' */
  from: string;
  /** yyyy-MM-dd or '' */
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

export type ListView = { page: number; limit: number; sort: SortState; filters: ListFilters };

export type ListDefaults = {
  sort: SortState;
  /** Filters in force when the address says nothing of them (e.g. a queue opening on 'pending'). */
  filters?: Partial<ListFilters>;
  /** Columns the list may sort by; another ?sortBy falls back to the default. */
  sortable?: readonly string[];
};

/** The address parameter of each part of the view. */
const LIST_PARAMS = {
  page: 'page',
  limit: 'limit',
  sortBy: 'sortBy',
  order: 'order',
  keyword: 'search',
  from: 'from',
  to: 'to',
  status: 'status',
  companyid: 'companyId',
  activity: 'activity',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LIST_KEYS = ['status', 'companyid', 'activity'] as const;

/** The PAGE_SIZE_OPTIONS of the tables: 10, 30 (the default), 50 and 100 rows. */
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 30, 50, 100];

export const defaultFilters = (defaults: ListDefaults): ListFilters => ({
  ...EMPTY_FILTERS,
  ...defaults.filters,
});

const listOf = (value: string | null): string[] =>
  value
    ? [
        ...new Set(
          value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : [];

export function parseListView(params: URLSearchParams, defaults: ListDefaults): ListView {
  const page = Number(params.get(LIST_PARAMS.page));
  const limit = Number(params.get(LIST_PARAMS.limit));
  const sortBy = params.get(LIST_PARAMS.sortBy);
  const order = params.get(LIST_PARAMS.order);
  const from = params.get(LIST_PARAMS.from) ?? '';
  const to = params.get(LIST_PARAMS.to) ?? '';
  const isSortable = !!sortBy && (defaults.sortable ?? [defaults.sort.column]).includes(sortBy);
  const start = defaultFilters(defaults);
  // An absent list filter is the default one; a present but empty one is 'none'.
  const listParam = (key: (typeof LIST_KEYS)[number]) =>
    params.has(LIST_PARAMS[key]) ? listOf(params.get(LIST_PARAMS[key])) : start[key];
  return {
    page: Number.isInteger(page) && page > FIRST_PAGE ? page : FIRST_PAGE,
    limit: PAGE_SIZE_OPTIONS.includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    sort: {
      column: isSortable ? sortBy : defaults.sort.column,
      direction: order === 'asc' || order === 'desc' ? order : defaults.sort.direction,
    },
    filters: {
      keyword: (params.get(LIST_PARAMS.keyword) ?? start.keyword).slice(0, 100),
      from: DATE.test(from) ? from : start.from,
      to: DATE.test(to) ? to : start.to,
      status: listParam('status'),
      companyid: listParam('companyid'),
      activity: listParam('activity'),
    },
  };
}

/** `base` with the view's parameters set (defaults removed); other parameters stay. */
export function formatListView(
  view: ListView,
  defaults: ListDefaults,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams(base);
  const put = (key: string, value: string | null) => {
    if (value === null || value === '') out.delete(key);
    else out.set(key, value);
  };
  put(LIST_PARAMS.page, view.page > FIRST_PAGE ? String(view.page) : null);
  put(LIST_PARAMS.limit, view.limit !== DEFAULT_PAGE_SIZE ? String(view.limit) : null);
  put(LIST_PARAMS.sortBy, view.sort.column !== defaults.sort.column ? view.sort.column : null);
  put(
    LIST_PARAMS.order,
    view.sort.direction !== defaults.sort.direction ? view.sort.direction : null,
  );
  put(LIST_PARAMS.keyword, view.filters.keyword.trim());
  put(LIST_PARAMS.from, view.filters.from);
  put(LIST_PARAMS.to, view.filters.to);
  const start = defaultFilters(defaults);
  for (const key of LIST_KEYS) {
    const value = view.filters[key];
    if (value.join(',') === start[key].join(',')) out.delete(LIST_PARAMS[key]);
    else out.set(LIST_PARAMS[key], value.join(','));
  }
  return out;
}
