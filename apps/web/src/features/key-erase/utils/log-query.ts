import { ERASE_SORT_COLUMNS } from '@tkc/contracts/api/erase';
import { ERASE_FAILURE_STATUSES, ERASE_STATUS } from '@tkc/contracts/erase-status';
import { todayIn } from '@/lib/use-list-state';
import type { EraseListParams } from '../api/get-erase-list';

// The log page's query lives in the address (?page, search, from, to, filter, sortBy, order), so a
// link (the dashboard's 'Failed' button: ?filter=failed) or the back button gives the same view.

export type StatusFilter =
  | { kind: 'all' }
  /** Every failure status (docs/product.md#erase-run: every status except 0). */
  | { kind: 'failed' }
  | { kind: 'custom'; statuses: number[] };

export type LogView = {
  page: number;
  search: string;
  /** yyyy-MM-dd or '' */
  from: string;
  /** yyyy-MM-dd or '' */
  to: string;
  status: StatusFilter;
  sortBy: EraseListParams['sortBy'];
  order: EraseListParams['order'];
};

const FAILED_FILTER = 'failed';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseStatusFilter(value: string | null): StatusFilter {
  if (!value) return { kind: 'all' };
  if (value === FAILED_FILTER) return { kind: 'failed' };
  const statuses = [
    ...new Set(
      value
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n >= 0 && n < ERASE_STATUS.length),
    ),
  ].sort((a, b) => a - b);
  return statuses.length ? { kind: 'custom', statuses } : { kind: 'all' };
}

function formatStatusFilter(filter: StatusFilter): string | null {
  if (filter.kind === 'failed') return FAILED_FILTER;
  if (filter.kind === 'custom' && filter.statuses.length) return filter.statuses.join(',');
  return null;
}

/** The filter of a list of statuses: every failure status reads as the 'Failed' preset. */
export function statusFilterOf(statuses: readonly number[] | undefined): StatusFilter {
  if (!statuses?.length) return { kind: 'all' };
  const set = new Set(statuses);
  if (
    set.size === ERASE_FAILURE_STATUSES.length &&
    ERASE_FAILURE_STATUSES.every((s) => set.has(s))
  ) {
    return { kind: 'failed' };
  }
  return parseStatusFilter([...set].join(','));
}

/**
 * A link's router state (the dashboard's Failed button: `eraseFilter`, the failure statuses since
 * a start date) as a change of view; null when the state says nothing.
 */
export function viewOfLinkState(state: unknown): Partial<LogView> | null {
  const linked = (state as { eraseFilter?: { statuses?: unknown; startDate?: unknown } } | null)
    ?.eraseFilter;
  if (!linked) return null;
  const statuses = Array.isArray(linked.statuses)
    ? linked.statuses.filter((n): n is number => typeof n === 'number')
    : undefined;
  const from =
    typeof linked.startDate === 'string' && DATE.test(linked.startDate) ? linked.startDate : '';
  return { status: statusFilterOf(statuses), from };
}

/** The status numbers GET /uld/erase filters on; undefined for every status. */
function statusesOf(filter: StatusFilter): readonly number[] | undefined {
  if (filter.kind === 'failed') return ERASE_FAILURE_STATUSES;
  if (filter.kind === 'custom' && filter.statuses.length) return filter.statuses;
  return undefined;
}

export function parseLogView(params: URLSearchParams): LogView {
  const page = Number(params.get('page'));
  const sortBy = params.get('sortBy');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    search: params.get('search') ?? '',
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    status: parseStatusFilter(params.get('filter')),
    sortBy: (ERASE_SORT_COLUMNS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as LogView['sortBy'])
      : 'created_at',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The address query of a view; defaults are left out. */
export function formatLogView(view: LogView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.page > 1) out.set('page', String(view.page));
  if (view.search.trim()) out.set('search', view.search.trim());
  if (view.from) out.set('from', view.from);
  if (view.to) out.set('to', view.to);
  const filter = formatStatusFilter(view.status);
  if (filter) out.set('filter', filter);
  if (view.sortBy !== 'created_at') out.set('sortBy', view.sortBy);
  if (view.order !== 'desc') out.set('order', view.order);
  return out;
}

export const listParamsOf = (view: LogView): EraseListParams => ({
  pageNumber: view.page,
  sortBy: view.sortBy,
  order: view.order,
  search: view.search.trim() || undefined,
  startDate: view.from || undefined,
  endDate: view.to || undefined,
  filter: statusesOf(view.status),
});

/** A yyyy-MM-dd date moved by whole days. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The 7- and 30-day shortcuts (docs/product.md#list-query): from that many days ago to today. */
export function lastDays(
  days: number,
  timeZone?: string,
  now?: Date,
): { from: string; to: string } {
  const to = todayIn(timeZone, now);
  return { from: shiftDate(to, -days), to };
}

/** A change of the view, or one computed from the view in the address when it is applied. */
export type LogPatch = Partial<LogView> | ((current: LogView) => Partial<LogView>);

export const customStatuses = (view: LogView) =>
  view.status.kind === 'custom' ? view.status.statuses.map(String) : [];

/**
 * The statuses picked, as a change to the address's: the list shown may not have caught up with
 * the address yet (the router re-renders in a transition), so a second pick made quickly after
 * the first is added to the first rather than to the list this render saw.
 */
export function pickStatuses(shown: string[], values: string[]): LogPatch {
  const added = values.filter((v) => !shown.includes(v));
  const removed = shown.filter((v) => !values.includes(v));
  return (current) => {
    const base = values.length === 0 ? [] : customStatuses(current);
    const next = [
      ...base.filter((v) => !removed.includes(v)),
      ...added.filter((v) => !base.includes(v)),
    ];
    return { status: { kind: 'custom', statuses: next.map(Number) } };
  };
}
