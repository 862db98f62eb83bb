import 'mantine-datatable/styles.css';
import { Box, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { localizeApiError } from '@/lib/management-messages';
import { tableAlertOf } from '@/lib/table-alert';
import type { ListState } from '@/lib/use-list-state';
import classes from './server-table.module.css';

// The one server-side table of the management screens (mantine-datatable): paging, sorting,
// loading overlay, empty state, and the table error handler of spec 8 above the rows.

export const PAGE_SIZE_OPTIONS = [10, 30, 50, 100];

type ServerTableProps<T> = {
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<T>[];
  records: T[] | undefined;
  total: number | undefined;
  /** Shown instead of the total, e.g. '100,000+' when the count stopped at a cap. */
  totalLabel?: string;
  list: ListState;
  isFetching: boolean;
  error: unknown;
  idAccessor?: keyof T | ((record: T) => string | number);
  emptyText?: string;
  minHeight?: number;
};

export function ServerTable<T>({
  label,
  columns,
  records,
  total,
  totalLabel,
  list,
  isFetching,
  error,
  idAccessor,
  emptyText,
  minHeight = 260,
}: ServerTableProps<T>) {
  const { t, i18n } = useTranslation('management');
  const alert = error ? tableAlertOf(localizeApiError(error)) : null;
  const sortStatus: DataTableSortStatus<T> = {
    columnAccessor: list.sort.column,
    direction: list.sort.direction,
  };
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Stack gap="sm">
      {alert && !alert.isLogout && (
        <AlertBanner statusCode={alert.tableStatusCode || 500} kind="danger">
          {alert.tableStatusCode > 0
            ? `${alert.tableStatusText} (${alert.tableStatusCode})`
            : alert.tableStatusText}
        </AlertBanner>
      )}
      <Box>
        <DataTable<T>
          aria-label={label}
          className={classes.table}
          withTableBorder
          borderRadius="md"
          highlightOnHover
          verticalAlign="center"
          minHeight={minHeight}
          columns={columns}
          records={alert ? [] : (records ?? [])}
          idAccessor={(idAccessor ?? 'id') as keyof T}
          fetching={isFetching}
          loaderType="dots"
          loadingText={t('table.loading')}
          noRecordsText={emptyText ?? t('table.empty')}
          emptyState={
            <Stack align="center" gap={6} c="dimmed">
              <IconDatabaseOff size={32} stroke={1.4} />
              <Text size="sm">{alert ? t('table.failed') : (emptyText ?? t('table.empty'))}</Text>
            </Stack>
          }
          totalRecords={alert ? 0 : (total ?? 0)}
          recordsPerPage={list.limit}
          page={list.page}
          onPageChange={list.setPage}
          recordsPerPageOptions={PAGE_SIZE_OPTIONS}
          onRecordsPerPageChange={list.setLimit}
          recordsPerPageLabel={t('table.perPage')}
          paginationText={({ from, to, totalRecords }) =>
            t('table.range', {
              from: number(from),
              to: number(to),
              total: totalLabel ?? number(totalRecords),
            })
          }
          getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
          sortStatus={sortStatus}
          onSortStatusChange={(next) =>
            list.setSort({ column: String(next.columnAccessor), direction: next.direction })
          }
        />
      </Box>
    </Stack>
  );
}
