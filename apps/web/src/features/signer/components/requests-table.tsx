import { ActionIcon, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { SIGNER_STATUSES, type SignerRow, type SignerStatus } from '@tkc/contracts/api/signer';
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
import { formatBytes } from '@/lib/transfer-meter';
import { useListState } from '@/lib/use-list-state';
import { useSignRequests } from '../api/get-sign-requests';
import { useSignerText } from './signer-text';
import { StatusBadge } from './status-badge';

// A list of requests (docs/signer.md#web): 'mine' (the caller's own) or 'all' they may read
// (a manager's queue starts at the pending ones), with search, dates, status and paging as
// every list of the console.

type RequestsTableProps = {
  view: 'mine' | 'all';
  label: string;
  timeZone?: string;
  initialStatuses?: SignerStatus[];
  showRequester: boolean;
  showCompany: boolean;
  onOpen: (id: string) => void;
};

export function RequestsTable({
  view,
  label,
  timeZone,
  initialStatuses = [],
  showRequester,
  showCompany,
  onOpen,
}: RequestsTableProps) {
  const { text } = useSignerText();
  const locale = languageLocales[currentLanguage()];
  const list = useListState({
    sort: { column: 'created_at', direction: 'desc' },
    filters: { status: initialStatuses },
  });
  const statuses = list.filters.status as SignerStatus[];
  const query = useSignRequests({ list: list.query, view, statuses });

  const columns: DataTableColumn<SignerRow>[] = [
    {
      accessor: 'created_at',
      title: text('list.columns.date'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(r.created_at, { timeZone, locale }),
    },
    {
      accessor: 'file_name',
      title: text('list.columns.file'),
      sortable: true,
      render: (r) => (
        <Stack gap={0} maw={260}>
          <Text size="sm" truncate="end" title={r.file_name}>
            {r.file_name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.file_type.toUpperCase()} · {formatBytes(r.file_size, locale)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'package',
      title: text('list.columns.package'),
      render: (r) => (
        <Stack gap={0} maw={220}>
          <Text size="sm" ff="monospace" truncate="end" title={r.package ?? ''}>
            {r.package ?? '-'}
          </Text>
          <Text size="xs" c="dimmed">
            {r.version ?? ''}
          </Text>
        </Stack>
      ),
    },
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
            render: (r: SignerRow) => (
              <Text size="sm" truncate="end" maw={200} title={r.requester_email}>
                {r.requester_email}
              </Text>
            ),
          } satisfies DataTableColumn<SignerRow>,
        ]
      : []),
    ...(showCompany
      ? [
          {
            accessor: 'company_code',
            title: text('list.columns.company'),
          } as DataTableColumn<SignerRow>,
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
            aria-label={text('list.openOf', { name: r.file_name })}
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
            options={SIGNER_STATUSES.map((s) => ({ value: s, label: text(`status.${s}`) }))}
            anyLabel={text('list.statusAny')}
          />
          <ClearFilters list={list} />
        </Group>
      </Paper>
      <ServerTable<SignerRow>
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
