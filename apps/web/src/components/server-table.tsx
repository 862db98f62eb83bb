import 'mantine-datatable/styles.css';
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowsSort,
  IconDatabaseOff,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { formatCount } from '@/lib/format-number';
import { PAGE_SIZE_OPTIONS } from '@/lib/list-url';
import { tableAlertOf } from '@/lib/table-alert';
import type { ListState } from '@/lib/use-list-state';
import classes from './server-table.module.css';

// The one server-side table of the management screens (mantine-datatable): paging, sorting,
// loading overlay, empty state, the list error (docs/product.md#table-errors) above the rows. A sortable
// header is a button inside the header cell, which says its order with aria-sort (the library's
// own sortable header turns the cell itself into a button, where aria-sort is not allowed).

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
  const { t } = useTranslation('management');
  const alert = error ? tableAlertOf(error) : null;
  const number = (n: number) => formatCount(n);
  const rootRef = useRef<HTMLDivElement>(null);
  const sortable = columns.filter((c) => c.sortable).map((c) => String(c.accessor));

  // aria-sort on the header cells: the sorted one ascending or descending, other sortable ones none.
  useEffect(() => {
    for (const th of rootRef.current?.querySelectorAll<HTMLElement>('th[data-accessor]') ?? []) {
      const accessor = th.dataset.accessor ?? '';
      if (!sortable.includes(accessor)) th.removeAttribute('aria-sort');
      else if (accessor !== list.sort.column) th.setAttribute('aria-sort', 'none');
      else th.setAttribute('aria-sort', list.sort.direction === 'asc' ? 'ascending' : 'descending');
    }
  });

  const tableColumns = columns.map((column) =>
    column.sortable
      ? {
          ...column,
          sortable: false,
          title: (
            <SortButton
              title={column.title ?? String(column.accessor)}
              direction={list.sort.column === String(column.accessor) ? list.sort.direction : null}
              onClick={() =>
                list.setSort({
                  column: String(column.accessor),
                  direction:
                    list.sort.column === String(column.accessor) && list.sort.direction === 'asc'
                      ? 'desc'
                      : 'asc',
                })
              }
            />
          ),
        }
      : column,
  );

  return (
    <Stack gap="sm">
      {alert && !alert.isLogout && (
        <AlertBanner statusCode={alert.tableStatusCode || 500} kind="danger">
          {alert.tableStatusCode > 0
            ? `${alert.tableStatusText} (${alert.tableStatusCode})`
            : alert.tableStatusText}
        </AlertBanner>
      )}
      <Box ref={rootRef}>
        <DataTable<T>
          aria-label={label}
          className={classes.table}
          withTableBorder
          borderRadius="md"
          highlightOnHover
          verticalAlign="center"
          minHeight={minHeight}
          columns={tableColumns}
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
          recordsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
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
        />
      </Box>
    </Stack>
  );
}

/** A sortable column's header: its title and the order's arrow; the cell carries aria-sort. */
function SortButton({
  title,
  direction,
  onClick,
}: {
  title: ReactNode;
  direction: 'asc' | 'desc' | null;
  onClick: () => void;
}) {
  const Icon =
    direction === 'asc'
      ? IconSortAscending
      : direction === 'desc'
        ? IconSortDescending
        : IconArrowsSort;
  return (
    <UnstyledButton onClick={onClick} className={classes.sortButton}>
      <Group gap={4} wrap="nowrap" component="span">
        <span>{title}</span>
        <Icon
          size={14}
          stroke={1.8}
          aria-hidden
          className={direction ? undefined : classes.sortIdle}
        />
      </Group>
    </UnstyledButton>
  );
}
