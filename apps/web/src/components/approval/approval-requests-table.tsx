import { ActionIcon, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { StatusListFilters } from '@/components/list-filters';
import { ServerTable } from '@/components/server-table';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time-zones';
import { useListState } from '@/lib/use-list-state';
import type { ApprovalDetail, ApprovalFeature, ApprovalRow } from './approval-feature';
import { useApprovalText } from './approval-text';

// A list of requests: the caller's own ('mine') or all they may read (a manager's queue starts
// at the pending ones), with search, dates, status and paging as every list of the console. The
// feature's config brings the query and the columns that say what a request is.

type ApprovalRequestsTableProps<Row extends ApprovalRow, Detail extends Row & ApprovalDetail> = {
  feature: ApprovalFeature<Row, Detail>;
  view: 'mine' | 'all';
  label: string;
  timeZone?: string;
  /** The status filter's start (a manager's queue: 'pending'). */
  initialStatuses?: string[];
  showRequester: boolean;
  showCompany: boolean;
  onOpen: (id: string) => void;
};

export function ApprovalRequestsTable<
  Row extends ApprovalRow,
  Detail extends Row & ApprovalDetail,
>({
  feature,
  view,
  label,
  timeZone,
  initialStatuses = [],
  showRequester,
  showCompany,
  onOpen,
}: ApprovalRequestsTableProps<Row, Detail>) {
  const { text } = useApprovalText(feature.namespace);
  const { StatusBadge } = feature;
  const locale = languageLocales[currentLanguage()];
  const list = useListState({
    sort: { column: 'created_at', direction: 'desc' },
    filters: { status: initialStatuses },
  });
  const statuses = list.filters.status as Row['status'][];
  const query = feature.useRequests({ list: list.query, view, statuses });
  const columns = feature.useColumns();

  const allColumns: DataTableColumn<Row>[] = [
    {
      accessor: 'created_at',
      title: text('list.columns.date'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(r.created_at, { timeZone, locale }),
    },
    ...columns,
    {
      accessor: 'status',
      title: text('list.columns.status'),
      sortable: true,
      render: (r) => <StatusBadge status={r.status} />,
    },
    ...(showRequester
      ? [
          {
            accessor: 'requester_email',
            title: text('list.columns.requester'),
            render: (r: Row) => (
              <Text size="sm" truncate="end" maw={200} title={r.requester_email}>
                {r.requester_email}
              </Text>
            ),
          } satisfies DataTableColumn<Row>,
        ]
      : []),
    ...(showCompany
      ? [
          {
            accessor: 'company_code',
            title: text('list.columns.company'),
          } as DataTableColumn<Row>,
        ]
      : []),
    {
      accessor: 'actions',
      title: <VisuallyHidden>{text('list.columns.actions')}</VisuallyHidden>,
      textAlign: 'right',
      render: (r) => (
        <Tooltip label={text('list.open')}>
          <ActionIcon
            variant="subtle"
            aria-label={text('list.openOf', { name: feature.nameOf(r) })}
            onClick={() => onOpen(r.id)}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <StatusListFilters
          list={list}
          timeZone={timeZone}
          keyword={{ label: text('list.search'), placeholder: text('list.searchPlaceholder') }}
          status={{
            label: text('list.status'),
            options: feature.statuses.map((s) => ({ value: s, label: text(`status.${s}`) })),
            anyLabel: text('list.statusAny'),
          }}
        />
      </Paper>
      <ServerTable<Row>
        label={label}
        columns={allColumns}
        records={query.data?.data}
        total={query.data?.total}
        list={list}
        isFetching={query.isFetching}
        error={query.error}
        emptyText={text('list.empty')}
      />
    </Stack>
  );
}
