import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBarcode, IconPencil } from '@tabler/icons-react';
import { type CompanyRow, LICENCE_FEATURES } from '@tkc/contracts/api/management';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerTable } from '@/components/server-table';
import { paths } from '@/config/paths';
import type { ListState } from '@/lib/use-list-state';

/** A calendar day ('yyyy-MM-dd') in the user's language; the day itself, not a moment. */
const formatDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const snPageHref = (companyId: string) => paths.app.companySn.getHref(companyId);

type CompaniesTableProps = {
  list: ListState;
  records: CompanyRow[] | undefined;
  total: number | undefined;
  isFetching: boolean;
  error: unknown;
  canEdit: boolean;
  onEdit: (company: CompanyRow) => void;
};

export function CompaniesTable({ canEdit, onEdit, ...table }: CompaniesTableProps) {
  const { t, i18n } = useTranslation('management');
  const number = (n: number) => n.toLocaleString(i18n.language);
  const today = new Date().toISOString().slice(0, 10);

  const columns: DataTableColumn<CompanyRow>[] = [
    {
      accessor: 'code',
      title: t('companies.columns.code'),
      sortable: true,
      render: (c) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} ff="monospace">
            {c.code}
          </Text>
          {c.is_platform && (
            <Badge size="xs" variant="light" color="grape">
              {t('companies.platform')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'name',
      title: t('companies.columns.name'),
      sortable: true,
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.contact_email || '-'}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'tier',
      title: t('companies.columns.tier'),
      sortable: true,
      render: (c) => (
        <Stack gap={2} align="flex-start">
          <Badge variant="light" color={c.tier === 'production' ? 'teal' : 'yellow'}>
            {t(`companies.tier.${c.tier}`)}
          </Badge>
          <Text size="xs" c={c.tier_ends_at && c.tier_ends_at < today ? 'red' : 'dimmed'}>
            {c.tier_ends_at
              ? t('companies.until', { date: formatDay(c.tier_ends_at, i18n.language) })
              : t('companies.openEnded')}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'users',
      title: t('companies.columns.users'),
      textAlign: 'right',
      render: (c) => number(c.users),
    },
    {
      accessor: 'serial_numbers',
      title: t('companies.columns.serialNumbers'),
      textAlign: 'right',
      render: (c) => (
        <Anchor component={Link} to={snPageHref(c.id)} size="sm">
          {number(c.serial_numbers)}
        </Anchor>
      ),
    },
    {
      accessor: 'licences',
      title: t('companies.columns.licences'),
      render: (c) =>
        c.is_platform ? (
          <Text size="xs" c="dimmed">
            {t('companies.unlicensed')}
          </Text>
        ) : (
          <SimpleGrid cols={2} spacing={4} verticalSpacing={4} w={170}>
            {LICENCE_FEATURES.map((f) => {
              const usage = c.licences[f] ?? { used: 0, total: 0 };
              const isFull = usage.total > 0 && usage.used >= usage.total;
              return (
                <Tooltip key={f} label={t(`roleGroups.${f}`)} withArrow>
                  <Badge
                    size="sm"
                    variant={isFull ? 'filled' : 'light'}
                    color={usage.total === 0 ? 'gray' : isFull ? 'orange' : 'blue'}
                    tt="none"
                  >
                    {t(`roleGroupsShort.${f}`)} {usage.used}/{usage.total}
                  </Badge>
                </Tooltip>
              );
            })}
          </SimpleGrid>
        ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 96,
      render: (c) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('companies.serialNumbers')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              component={Link}
              to={snPageHref(c.id)}
              aria-label={t('companies.serialNumbersOf', { code: c.code })}
            >
              <IconBarcode size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
          {canEdit && (
            <Tooltip label={t('common.edit')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => onEdit(c)}
                aria-label={t('companies.editLabel', { code: c.code })}
              >
                <IconPencil size={18} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return <ServerTable<CompanyRow> label={t('companies.tableLabel')} columns={columns} {...table} />;
}
