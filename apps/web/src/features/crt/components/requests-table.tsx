import { ActionIcon, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import {
  CRT_REQUEST_STATUSES,
  type CrtRequestRow,
  type CrtRequestStatus,
  type CrtTool,
} from '@tkc/contracts/api/crt-requests';
import type { DataTableColumn } from 'mantine-datatable';
import {
  ClearFilters,
  DateRangeFilter,
  KeywordFilter,
  StatusFilter,
} from '@/components/list-filters';
import { ServerTable } from '@/components/server-table';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time-zones';
import { useListState } from '@/lib/use-list-state';
import { useCrtRequests } from '../api/get-crt-requests';
import { RequestStatusBadge } from './badges';
import { useCrtText } from './crt-text';

// A list of certificate requests (docs/crt.md#web): the caller's own, or all they may read (a
// manager's queue starts at the pending ones), of one tool or both, with search, dates, status
// and paging as every list of the console.

type Props = {
  view: 'mine' | 'all';
  tool?: CrtTool;
  label: string;
  timeZone?: string;
  initialStatuses?: CrtRequestStatus[];
  showRequester: boolean;
  showCompany: boolean;
  onOpen: (id: string) => void;
};

export function RequestsTable({
  view,
  tool,
  label,
  timeZone,
  initialStatuses = [],
  showRequester,
  showCompany,
  onOpen,
}: Props) {
  const { text } = useCrtText();
  const locale = languageLocales[currentLanguage()];
  const list = useListState({
    sort: { column: 'created_at', direction: 'desc' },
    filters: { status: initialStatuses },
  });
  const statuses = list.filters.status as CrtRequestStatus[];
  const query = useCrtRequests({ list: list.query, tool, view, statuses });

  const columns: DataTableColumn<CrtRequestRow>[] = [
    {
      accessor: 'created_at',
      title: text('list.columns.date'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(r.created_at, { timeZone, locale }),
    },
    {
      accessor: 'label',
      title: text('list.columns.terminals'),
      render: (r) => (
        <Stack gap={0} maw={260}>
          <Text size="sm" truncate="end" title={r.label}>
            {r.label}
          </Text>
          <Text size="xs" c="dimmed">
            {text(`tools.${r.tool}`)} · {text('list.snCount', { count: r.sn_count })}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'model_name', title: text('list.columns.model') },
    {
      accessor: 'status',
      title: text('list.columns.status'),
      sortable: true,
      render: (r) => <RequestStatusBadge status={r.status} />,
    },
    ...(showRequester
      ? [
          {
            accessor: 'requester_email',
            title: text('list.columns.requester'),
            render: (r: CrtRequestRow) => (
              <Text size="sm" truncate="end" maw={200} title={r.requester_email}>
                {r.requester_email}
              </Text>
            ),
          } satisfies DataTableColumn<CrtRequestRow>,
        ]
      : []),
    ...(showCompany
      ? [
          {
            accessor: 'company_code',
            title: text('list.columns.company'),
          } as DataTableColumn<CrtRequestRow>,
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
            aria-label={text('list.openOf', { name: r.label })}
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
        <Group gap="md" align="flex-end" wrap="wrap">
          <KeywordFilter
            list={list}
            label={text('list.search')}
            placeholder={text('list.searchPlaceholder')}
          />
          <DateRangeFilter list={list} timeZone={timeZone} withShortcuts />
          <StatusFilter
            list={list}
            label={text('list.status')}
            options={CRT_REQUEST_STATUSES.map((s) => ({ value: s, label: text(`status.${s}`) }))}
            anyLabel={text('list.statusAny')}
          />
          <ClearFilters list={list} />
        </Group>
      </Paper>
      <ServerTable<CrtRequestRow>
        label={label}
        columns={columns}
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
