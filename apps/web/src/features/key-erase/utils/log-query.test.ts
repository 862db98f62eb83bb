import { ERASE_FAILURE_STATUSES } from '@tkc/contracts/erase-status';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@/lib/use-list-state';
import {
  formatLogView,
  type LogView,
  lastDays,
  listParamsOf,
  parseLogView,
  parseStatusFilter,
  pickStatuses,
  shiftDate,
  statusFilterOf,
  viewOfLinkState,
} from './log-query';

describe('erase log query', () => {
  it('reads the dashboard link ?filter=failed as every failure status', () => {
    const view = parseLogView(new URLSearchParams('filter=failed'));
    expect(view.status).toEqual({ kind: 'failed' });
    expect(listParamsOf(view).filter).toEqual(ERASE_FAILURE_STATUSES);
    expect(listParamsOf(view).filter).not.toContain(0);
  });

  it('reads a list of statuses and drops what is not a status', () => {
    expect(parseStatusFilter('19,3,x,3,999,-1')).toEqual({ kind: 'custom', statuses: [3, 19] });
    expect(parseStatusFilter('')).toEqual({ kind: 'all' });
    expect(parseStatusFilter('abc')).toEqual({ kind: 'all' });
  });

  it('round-trips a view through the address and leaves defaults out', () => {
    const params = new URLSearchParams(
      'page=2&search=ABC&from=2025-05-01&to=2025-05-23&filter=0,17&sortBy=sn&order=asc',
    );
    const view = parseLogView(params);
    expect(view).toEqual({
      page: 2,
      search: 'ABC',
      from: '2025-05-01',
      to: '2025-05-23',
      status: { kind: 'custom', statuses: [0, 17] },
      sortBy: 'sn',
      order: 'asc',
    });
    expect(formatLogView(view).toString()).toBe(params.toString().replace('0,17', '0%2C17'));
    expect(formatLogView(parseLogView(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores a bad page, sort column or date', () => {
    const view = parseLogView(new URLSearchParams('page=-3&sortBy=email&from=23.05.2025'));
    expect(view.page).toBe(1);
    expect(view.sortBy).toBe('created_at');
    expect(view.from).toBe('');
  });

  it('sends the list parameters of docs/product.md#erase-calls', () => {
    const params = listParamsOf(
      parseLogView(new URLSearchParams('search=%20T650%20&from=2025-05-16&to=2025-05-23')),
    );
    expect(params).toEqual({
      pageNumber: 1,
      sortBy: 'created_at',
      order: 'desc',
      search: 'T650',
      startDate: '2025-05-16',
      endDate: '2025-05-23',
      filter: undefined,
    });
  });

  it('computes the 7-day and 30-day shortcuts in the user time zone', () => {
    const now = new Date('2025-05-23T23:30:00Z');
    expect(todayIn('Asia/Tokyo', now)).toBe('2025-05-24');
    expect(todayIn('America/New_York', now)).toBe('2025-05-23');
    expect(lastDays(7, 'UTC', now)).toEqual({ from: '2025-05-16', to: '2025-05-23' });
    expect(lastDays(30, 'UTC', now)).toEqual({ from: '2025-04-23', to: '2025-05-23' });
    expect(shiftDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads the dashboard link state: every failure since a start date', () => {
    expect(
      viewOfLinkState({
        eraseFilter: { statuses: ERASE_FAILURE_STATUSES, startDate: '2025-04-23' },
      }),
    ).toEqual({ status: { kind: 'failed' }, from: '2025-04-23' });
    expect(viewOfLinkState({ eraseFilter: { statuses: [19, 3] } })).toEqual({
      status: { kind: 'custom', statuses: [3, 19] },
      from: '',
    });
    expect(viewOfLinkState(null)).toBeNull();
    expect(viewOfLinkState({ other: 1 })).toBeNull();
    expect(statusFilterOf([])).toEqual({ kind: 'all' });
  });
});

describe('pickStatuses', () => {
  const custom = (statuses: number[]): LogView => ({
    ...parseLogView(new URLSearchParams()),
    status: { kind: 'custom', statuses },
  });
  const apply = (patch: ReturnType<typeof pickStatuses>, current: LogView) =>
    typeof patch === 'function' ? patch(current) : patch;

  it('adds a second quick pick to the first one the address already holds', () => {
    // The list still shows nothing picked; the address already has 0.
    const patch = pickStatuses([], ['19']);
    expect(apply(patch, custom([0]))).toEqual({ status: { kind: 'custom', statuses: [0, 19] } });
  });

  it('removes what was taken off, and clears all', () => {
    expect(apply(pickStatuses(['0', '19'], ['19']), custom([0, 19, 5]))).toEqual({
      status: { kind: 'custom', statuses: [19, 5] },
    });
    expect(apply(pickStatuses(['0'], []), custom([0, 5]))).toEqual({
      status: { kind: 'custom', statuses: [] },
    });
  });
});
