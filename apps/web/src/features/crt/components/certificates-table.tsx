import { ActionIcon, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCertificateOff, IconDownload } from '@tabler/icons-react';
import { can } from '@tkc/contracts/access/permissions';
import {
  CERTIFICATE_STATUSES,
  type CertificateRow,
  type CertificateStatus,
} from '@tkc/contracts/api/crt';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { StatusListFilters } from '@/components/list-filters';
import { ServerTable } from '@/components/server-table';
import { useSubject } from '@/lib/access';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { runAction } from '@/lib/run-action';
import { formatDateTime } from '@/lib/time-zones';
import { useListState } from '@/lib/use-list-state';
import { useDownloadCertificateCap } from '../api/downloads';
import { useCertificates } from '../api/get-certificates';
import { CertificateStatusBadge } from './badges';
import { useCrtText } from './crt-text';
import { RevokeModal } from './revoke-modal';

// The certificates the company CA issued (every company's for a platform admin): serial number,
// subject, validity and SHA-256 fingerprint; a terminal's CAP to download; revoke (crt-manager).

export function CertificatesTable({
  timeZone,
  showCompany,
}: {
  timeZone?: string;
  showCompany: boolean;
}) {
  const { text } = useCrtText();
  const subject = useSubject();
  const locale = languageLocales[currentLanguage()];
  const download = useDownloadCertificateCap();
  const [revoking, setRevoking] = useState<CertificateRow | null>(null);
  const list = useListState({
    sort: { column: 'created_at', direction: 'desc' },
    filters: { status: [] },
  });
  const statuses = list.filters.status as CertificateStatus[];
  const query = useCertificates({ list: list.query, statuses });
  const when = (iso: string) => formatDateTime(iso, { timeZone, locale });
  const mayRevoke = (r: CertificateRow) =>
    r.status !== 'revoked' && subject !== undefined && can(subject, 'crt.approve', r.company_code);

  const columns: DataTableColumn<CertificateRow>[] = [
    { accessor: 'sn', title: text('certificates.columns.sn'), sortable: true },
    { accessor: 'model_name', title: text('certificates.columns.model') },
    {
      accessor: 'serial',
      title: text('certificates.columns.serial'),
      render: (r) => (
        <Stack gap={0} maw={260}>
          <Text ff="monospace" size="xs">
            {r.serial}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" title={r.subject}>
            {r.subject}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'not_after',
      title: text('certificates.columns.validity'),
      sortable: true,
      render: (r) => (
        <Text size="xs">
          {when(r.not_before)} – {when(r.not_after)}
        </Text>
      ),
    },
    {
      accessor: 'sha256',
      title: text('certificates.columns.sha256'),
      render: (r) => (
        <Text ff="monospace" size="xs" maw={200} truncate="end" title={r.sha256}>
          {r.sha256}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: text('certificates.columns.status'),
      render: (r) => <CertificateStatusBadge status={r.status} />,
    },
    ...(showCompany
      ? [
          {
            accessor: 'company_code',
            title: text('list.columns.company'),
          } as DataTableColumn<CertificateRow>,
        ]
      : []),
    {
      accessor: 'actions',
      title: <VisuallyHidden>{text('list.columns.actions')}</VisuallyHidden>,
      textAlign: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {r.has_cap && (
            <Tooltip label={text('certificates.downloadCap')}>
              <ActionIcon
                variant="subtle"
                aria-label={text('certificates.downloadCapOf', { sn: r.sn })}
                onClick={() =>
                  void runAction(text('actions.download'), () =>
                    download.mutateAsync({ id: r.id, sn: r.sn }),
                  ).catch(() => {})
                }
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {mayRevoke(r) && (
            <Tooltip label={text('certificates.revoke')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={text('certificates.revokeOf', { sn: r.sn })}
                onClick={() => setRevoking(r)}
              >
                <IconCertificateOff size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <StatusListFilters
          list={list}
          timeZone={timeZone}
          keyword={{
            label: text('list.search'),
            placeholder: text('certificates.searchPlaceholder'),
          }}
          status={{
            label: text('list.status'),
            options: CERTIFICATE_STATUSES.map((s) => ({
              value: s,
              label: text(`certificateStatus.${s}`),
            })),
            anyLabel: text('list.statusAny'),
          }}
        />
      </Paper>
      <ServerTable<CertificateRow>
        label={text('page.tabs.certificates')}
        columns={columns}
        records={query.data?.data}
        total={query.data?.total}
        list={list}
        isFetching={query.isFetching}
        error={query.error}
        emptyText={text('certificates.empty')}
      />
      <RevokeModal certificate={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
