import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { isAuditAction } from '@tkc/contracts/api/audit-actions';
import type { AuditRow } from '@tkc/contracts/api/management';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerTable } from '@/components/server-table';
import type { ListState } from '@/lib/use-list-state';
import { AuditEventDrawer } from './audit-event-drawer';

/** An audit moment in the user's time zone and language: the day, and the time to the second. */
function formatMoment(iso: string, timeZone: string, locale: string): [string, string] {
  const date = new Date(iso);
  const format = (zone?: string) => [
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone }).format(date),
    new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: zone }).format(date),
  ];
  try {
    return format(timeZone) as [string, string];
  } catch {
    return format(undefined) as [string, string];
  }
}

/** 'key: value, key: value' of the detail, one line. */
const detailSummary = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');

type AuditTableProps = {
  list: ListState;
  records: AuditRow[] | undefined;
  total: number | undefined;
  totalLabel?: string;
  isFetching: boolean;
  error: unknown;
  timeZone: string;
  showCompany: boolean;
};

export function AuditTable({ timeZone, showCompany, ...table }: AuditTableProps) {
  const { t, i18n } = useTranslation('management');
  const [opened, setOpened] = useState<AuditRow | null>(null);
  // The action in words; an action the catalogue does not know shows its code.
  const actionWords = (action: string) =>
    isAuditAction(action) ? t(`audit.actions.${action.replaceAll('.', '_')}`) : action;
  const columns: DataTableColumn<AuditRow>[] = [
    {
      accessor: 'created_at',
      title: t('audit.columns.time'),
      sortable: true,
      noWrap: true,
      render: (r) => {
        const [day, time] = formatMoment(r.created_at, timeZone, i18n.language);
        return (
          <Stack gap={0}>
            <Text size="sm">{day}</Text>
            <Text size="xs" c="dimmed">
              {time}
            </Text>
          </Stack>
        );
      },
    },
    {
      accessor: 'actor',
      title: t('audit.columns.actorAddress'),
      sortable: true,
      render: (r) => (
        <Stack gap={0} maw={190}>
          <Text
            size="sm"
            truncate="end"
            c={r.actor_email === 'system' ? 'dimmed' : undefined}
            title={r.actor_email}
          >
            {r.actor_email === 'system' ? t('audit.system') : r.actor_email}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {r.ip || '-'}
          </Text>
        </Stack>
      ),
    },
    ...(showCompany
      ? [
          {
            accessor: 'company_code',
            title: t('audit.columns.company'),
            render: (r: AuditRow) => (
              <Text size="sm" ff="monospace" truncate="end" maw={100} title={r.company_code ?? ''}>
                {r.company_code ?? '-'}
              </Text>
            ),
          } satisfies DataTableColumn<AuditRow>,
        ]
      : []),
    {
      accessor: 'action',
      title: t('audit.columns.actionTarget'),
      sortable: true,
      render: (r) => (
        <Stack gap={2} align="flex-start" maw={220}>
          <Text size="sm" title={r.action}>
            {actionWords(r.action)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end" maw={220} title={r.target}>
            {r.target_name ?? (r.target || '-')}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'result',
      title: t('audit.columns.result'),
      sortable: true,
      render: (r) => (
        <Badge variant="light" color={r.result === 'success' ? 'teal' : 'red'}>
          {r.result === 'success' || r.result === 'failure'
            ? t(`audit.results.${r.result}`)
            : r.result}
        </Badge>
      ),
    },
    {
      accessor: 'detail',
      title: t('audit.columns.detail'),
      render: (r) => (
        <Group gap={4} wrap="nowrap" maw={200}>
          <Text size="xs" c="dimmed" lineClamp={1} style={{ flex: 1 }}>
            {detailSummary(r.detail) || '-'}
          </Text>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('audit.showDetail', { id: r.id })}
            onClick={() => setOpened(r)}
          >
            <IconListDetails size={14} />
          </ActionIcon>
        </Group>
      ),
    },
  ];
  return (
    <>
      <ServerTable<AuditRow> label={t('audit.tableLabel')} columns={columns} {...table} />
      <AuditEventDrawer
        row={opened}
        actionWords={actionWords}
        moment={(iso) => formatMoment(iso, timeZone, i18n.language).join(' ')}
        onClose={() => setOpened(null)}
      />
    </>
  );
}
