import { queryOptions, useQuery } from '@tanstack/react-query';
import { eraseListResponse } from '@tkc/contracts/api/erase';
import { DATE_OFFSET_MONTH_DAYS } from '@tkc/contracts/constants';
import { ERASE_FAILURE_STATUSES } from '@tkc/contracts/erase-status';
import { apiRequest } from '@/lib/api-client';

// GET /uld/erase for the dashboard's summary (docs/product.md#erase-calls): every failure status, newest
// first, from a fixed start date (30 days back, as a calendar date in the user's time zone, which
// is how the server reads startDate). Only the total and the newest record are used.

const DAY_MS = 24 * 60 * 60 * 1000;

/** yyyy-MM-dd of `at` in `timeZone` (the browser's zone when it is unknown). */
export function calendarDate(at: Date, timeZone?: string): string {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format();
  }
}

/** The summary's start date: DATE_OFFSET_MONTH_DAYS days before today in the user's zone. */
export const failureWindowStart = (timeZone: string | undefined, now = new Date()): string =>
  calendarDate(new Date(now.getTime() - DATE_OFFSET_MONTH_DAYS * DAY_MS), timeZone);

export const eraseFailureQuery = (startDate: string) => ({
  limit: 1,
  order: 'desc',
  startDate,
  filter: ERASE_FAILURE_STATUSES.join(','),
});

async function getEraseFailures(startDate: string, signal?: AbortSignal) {
  const answer = await apiRequest('/uld/erase', {
    query: eraseFailureQuery(startDate),
    schema: eraseListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return { total: answer.data.total, latest: answer.data.data[0] ?? null };
}

const eraseFailuresQueryOptions = (startDate: string) =>
  queryOptions({
    queryKey: ['uld-erase', 'failures', startDate],
    queryFn: ({ signal }) => getEraseFailures(startDate, signal),
    // A run recorded a moment ago must count when the dashboard opens again.
    staleTime: 0,
  });

/** The failed-erase count, fetched only when `isEnabled` (canFetchEraseFailures of the roles). */
export const useEraseFailures = (startDate: string, isEnabled: boolean) =>
  useQuery({ ...eraseFailuresQueryOptions(startDate), enabled: isEnabled });
