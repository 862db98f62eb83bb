import { ActionIcon, Badge, Code, Group, Popover, Stack, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import type { AuditRow } from '@tkc/contracts/api/management';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ServerTable } from '@/components/server-table';
import type { ListState } from '@/lib/use-list-state';

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
        <Stack gap={2} align="flex-start" maw={190}>
          <Code>{r.action}</Code>
          <Text size="xs" c="dimmed" ff="monospace" truncate="end" maw={190} title={r.target}>
            {r.target || '-'}
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
      render: (r) => <Detail row={r} />,
    },
  ];
  return <ServerTable<AuditRow> label={t('audit.tableLabel')} columns={columns} {...table} />;
}

function Detail({ row }: { row: AuditRow }) {
  const { t } = useTranslation('management');
  const summary = detailSummary(row.detail);
  if (!summary) return <Text c="dimmed">-</Text>;
  return (
    <Group gap={4} wrap="nowrap" maw={170}>
      <Text size="xs" c="dimmed" lineClamp={1} style={{ flex: 1 }}>
        {summary}
      </Text>
      <Popover width={360} position="bottom-end" withArrow shadow="md">
        <Popover.Target>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('audit.showDetail', { id: row.id })}
          >
            <IconBraces size={14} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4}>
            <Text size="xs" fw={600}>
              {t('audit.detailOf', { id: row.id })}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {JSON.stringify(row.detail, null, 2)}
            </Code>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
