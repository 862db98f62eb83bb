import { ActionIcon, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CapRow, CapStatus, KeySource } from '@tkc/contracts/api/cap';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { StatusListFilters } from '@/components/list-filters';
import { ServerTable } from '@/components/server-table';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { runAction } from '@/lib/run-action';
import { formatDateTime } from '@/lib/time-zones';
import { formatBytes } from '@/lib/transfer-meter';
import { useListState } from '@/lib/use-list-state';
import { useConfirmKeyCap } from '../api/confirm-key-cap';
import { useDownloadCap } from '../api/download-cap';
import { useDownloadKeyCap } from '../api/download-key-cap';
import { capsQueryOptions } from '../api/get-caps';
import { keyCapsQueryOptions } from '../api/get-key-caps';
import { useCapText } from './cap-maker-text';
import { failureText } from './failure-text';
import { Fingerprint } from './fingerprint';
import { StatusBadge } from './status-badge';

// The CAPs made (docs/cap-maker.md#web): General CAPs or Key CAPs, with search, dates, status,
// sort and paging in the address like every list of the console. A ready CAP downloads; a
// ready Key CAP is confirmed once the terminals took it.

const GENERAL_STATUSES: CapStatus[] = ['building', 'ready', 'failed'];
const KEY_STATUSES: CapStatus[] = ['building', 'ready', 'confirmed', 'superseded', 'failed'];

type CapsTableProps = {
  kind: 'general' | 'key';
  label: string;
  timeZone?: string;
  showCompany: boolean;
  /** Key CAPs: the key sources whose Key CAPs the role may confirm (docs/cap-maker.md#api). */
  confirmSources?: readonly KeySource[];
};

export function CapsTable({
  kind,
  label,
  timeZone,
  showCompany,
  confirmSources = [],
}: CapsTableProps) {
  const { text } = useCapText();
  const locale = languageLocales[currentLanguage()];
  const list = useListState({ sort: { column: 'created_at', direction: 'desc' } });
  const query = useQuery(
    kind === 'key' ? keyCapsQueryOptions(list.query) : capsQueryOptions(list.query),
  );
  const downloadGeneral = useDownloadCap();
  const downloadKey = useDownloadKeyCap();
  const confirmKeyCap = useConfirmKeyCap();
  const [confirming, setConfirming] = useState<CapRow | null>(null);
  const _statuses = list.filters.status as CapStatus[];
  const isKey = kind === 'key';

  const download = (row: CapRow) =>
    runAction(text('actions.download'), () =>
      (isKey ? downloadKey : downloadGeneral).mutateAsync({
        id: row.id,
        fallbackName: row.file_name,
      }),
    ).catch(() => {});

  const column = (c: DataTableColumn<CapRow>) => c;
  const columns: DataTableColumn<CapRow>[] = [
    column({
      accessor: 'created_at',
      title: text('list.columns.date'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(r.created_at, { timeZone, locale }),
    }),
    column({
      accessor: 'label',
      title: isKey ? text('list.columns.keyName') : text('list.columns.appName'),
      sortable: true,
      render: (r) => (
        <Stack gap={0} maw={240}>
          <Text size="sm" truncate="end" title={r.label}>
            {r.label}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" title={r.file_name}>
            {r.file_name}
          </Text>
        </Stack>
      ),
    }),
    column({
      accessor: 'model_name',
      title: text('list.columns.model'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.model_name}</Text>
          <Text size="xs" c="dimmed">
            CAP{r.cap_version}
          </Text>
        </Stack>
      ),
    }),
    ...(isKey
      ? [
          column({
            accessor: 'key_source',
            title: text('list.columns.keySource'),
            render: (r) => (r.key_source ? text(`keySources.${r.key_source}`) : '-'),
          }),
          column({
            accessor: 'kcv',
            title: text('list.columns.kcv'),
            render: (r) => (
              <Stack gap={2}>
                <Text size="sm" ff="monospace">
                  {r.kcv ?? '-'}
                </Text>
                {r.new_signing_fingerprint && (
                  <Fingerprint
                    label={text('list.newSigningFingerprint')}
                    value={r.new_signing_fingerprint}
                  />
                )}
              </Stack>
            ),
          }),
        ]
      : [
          column({
            accessor: 'file_count',
            title: text('list.columns.files'),
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{text('list.fileCount', { n: r.file_count })}</Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(r.source_bytes, locale)}
                </Text>
              </Stack>
            ),
          }),
          column({
            accessor: 'sha256',
            title: text('list.columns.sha256'),
            render: (r) =>
              r.sha256 ? <Fingerprint label={text('list.columns.sha256')} value={r.sha256} /> : '-',
          }),
        ]),
    column({
      accessor: 'status',
      title: text('list.columns.status'),
      sortable: true,
      render: (r) => (
        <Stack gap={2} maw={260}>
          <StatusBadge status={r.status} />
          {r.status === 'failed' && r.failure && (
            <Text size="xs" c="red">
              {failureText(r.failure)}
            </Text>
          )}
        </Stack>
      ),
    }),
    ...(showCompany
      ? [column({ accessor: 'company_code', title: text('list.columns.company') })]
      : []),
    column({
      accessor: 'creator_email',
      title: text('list.columns.creator'),
      render: (r) => (
        <Text size="sm" truncate="end" maw={200} title={r.creator_email}>
          {r.creator_email}
        </Text>
      ),
    }),
    column({
      accessor: 'actions',
      title: <VisuallyHidden>{text('list.columns.actions')}</VisuallyHidden>,
      textAlign: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {isKey &&
            r.status === 'ready' &&
            r.key_source &&
            confirmSources.includes(r.key_source) && (
              <Tooltip label={text('actions.confirm')}>
                <ActionIcon
                  variant="subtle"
                  color="green"
                  aria-label={text('list.confirmOf', { name: r.label })}
                  onClick={() => setConfirming(r)}
                >
                  <IconCircleCheck size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          {r.status !== 'building' && r.status !== 'failed' && (
            <Tooltip label={text('actions.download')}>
              <ActionIcon
                variant="subtle"
                aria-label={text('list.downloadOf', { name: r.file_name })}
                onClick={() => void download(r)}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    }),
  ];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <StatusListFilters
          list={list}
          timeZone={timeZone}
          keyword={{
            label: text('list.search'),
            placeholder: isKey ? text('list.searchKey') : text('list.searchGeneral'),
          }}
          status={{
            label: text('list.status'),
            options: (isKey ? KEY_STATUSES : GENERAL_STATUSES).map((s) => ({
              value: s,
              label: text(`status.${s}`),
            })),
            anyLabel: text('list.statusAny'),
          }}
        />
      </Paper>
      <ServerTable<CapRow>
        label={label}
        columns={columns}
        records={query.data?.data}
        total={query.data?.total}
        list={list}
        isFetching={query.isFetching}
        error={query.error}
        emptyText={isKey ? text('list.emptyKey') : text('list.emptyGeneral')}
      />
      <ConfirmModal
        isOpen={confirming !== null}
        title={text('confirm.title')}
        confirmLabel={text('actions.confirm')}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          runAction(text('actions.confirm'), () => confirmKeyCap.mutateAsync(confirming?.id ?? ''))
        }
      >
        <Stack gap="xs">
          <Text size="sm">{text('confirm.body', { name: confirming?.label ?? '' })}</Text>
          <Text size="sm" c="dimmed">
            {text('confirm.effect')}
          </Text>
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
