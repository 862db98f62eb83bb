import { ActionIcon, Badge, Menu, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconDots,
  IconMailForward,
  IconMailOff,
  IconShieldCheck,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { can, type Subject, scopeOf } from '@tkc/contracts/access/permissions';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import type { UserRow } from '@tkc/contracts/api/management';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ServerTable } from '@/components/server-table';
import { formatDateTime } from '@/lib/time-zones';
import type { ListState } from '@/lib/use-list-state';
import { displayName, RoleBadges, STATUS_COLORS } from './user-display';

/** A day (medium style) in the user's time zone and language. */
function formatDay(iso: string, timeZone: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  }
}

export type UserAction = 'roles' | 'disable' | 'enable' | 'resend' | 'withdraw';

/** What the permission matrix (docs/permissions.md) lets the signed-in user do with a row. */
function actionsFor(user: CurrentUser, subject: Subject, row: UserRow): UserAction[] {
  const isOwnerRow = row.roles.includes(`${subject.platformCode}/plf-owner`);
  const mayTouchOwner = !isOwnerRow || can(subject, 'platformOwner.edit', row.company_code);
  if (!mayTouchOwner) return [];
  if (row.kind === 'invitation') {
    return can(subject, 'user.resend', row.company_code) ? ['resend', 'withdraw'] : [];
  }
  if (!can(subject, 'user.edit', row.company_code)) return [];
  if (row.id === user.user_id) return ['roles'];
  return ['roles', row.status === 'disabled' ? 'enable' : 'disable'];
}

type UsersTableProps = {
  user: CurrentUser;
  subject: Subject;
  list: ListState;
  records: UserRow[] | undefined;
  total: number | undefined;
  isFetching: boolean;
  error: unknown;
  onAction: (action: UserAction, row: UserRow) => void;
};

export function UsersTable({ user, subject, onAction, ...table }: UsersTableProps) {
  const { t, i18n } = useTranslation('management');
  const isGlobal = scopeOf(subject, 'user.view') === 'all';
  const when = (iso: string) =>
    formatDateTime(iso, { timeZone: user.timezone, locale: i18n.language });
  const day = (iso: string) => formatDay(iso, user.timezone, i18n.language);

  const columns: DataTableColumn<UserRow>[] = [
    {
      accessor: 'first_name',
      title: t('users.columns.name'),
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} c={row.kind === 'invitation' ? 'dimmed' : undefined}>
            {row.kind === 'invitation' ? t('users.pendingName') : displayName(row)}
          </Text>
          {row.id === user.user_id && (
            <Text size="xs" c="dimmed">
              {t('users.you')}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'email', title: t('users.columns.email'), sortable: true },
    ...(isGlobal
      ? [
          {
            accessor: 'company',
            title: t('users.columns.company'),
            sortable: true,
            render: (row: UserRow) => (
              <Stack gap={0}>
                <Text size="sm">{row.company}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {row.company_code}
                </Text>
              </Stack>
            ),
          } satisfies DataTableColumn<UserRow>,
        ]
      : []),
    {
      accessor: 'roles',
      title: t('users.columns.roles'),
      sortable: true,
      render: (row) => <RoleBadges roles={row.roles} />,
    },
    {
      accessor: 'status',
      title: t('users.columns.status'),
      sortable: true,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLORS[row.status]} variant="light">
            {t(`status.${row.status}`)}
          </Badge>
          {row.kind === 'invitation' && row.expires_at && (
            <Text size="xs" c="dimmed">
              {t(row.status === 'expired' ? 'users.expiredAt' : 'users.expiresAt', {
                date: day(row.expires_at),
              })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'mfa',
      title: t('users.columns.mfa'),
      sortable: true,
      render: (row) =>
        row.kind === 'invitation' ? (
          <Text c="dimmed">-</Text>
        ) : row.mfa ? (
          <Badge variant="dot" color="teal" leftSection={<IconShieldCheck size={12} />} tt="none">
            {row.mfa === 'totp' ? t('mfa.totp') : t('mfa.email')}
          </Badge>
        ) : (
          <Badge variant="dot" color="gray" tt="none">
            {t('mfa.off')}
          </Badge>
        ),
    },
    {
      accessor: 'created_at',
      title: t('users.columns.created'),
      // Not sortable: the list query never writes sortby=created_at (docs/api.md#requests-and-answers), and this
      // list's default is first_name.
      noWrap: true,
      render: (row) => (
        <Tooltip label={when(row.created_at)} withArrow>
          <Text size="sm">{day(row.created_at)}</Text>
        </Tooltip>
      ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 64,
      render: (row) => (
        <RowMenu row={row} actions={actionsFor(user, subject, row)} onAction={onAction} />
      ),
    },
  ];

  return (
    <ServerTable<UserRow>
      label={t('users.tableLabel')}
      columns={columns}
      idAccessor={(row) => `${row.kind}:${row.id}`}
      {...table}
    />
  );
}

const actionIcons = {
  roles: IconShieldCheck,
  disable: IconUserOff,
  enable: IconUserCheck,
  resend: IconMailForward,
  withdraw: IconMailOff,
} as const;

function RowMenu({
  row,
  actions,
  onAction,
}: {
  row: UserRow;
  actions: UserAction[];
  onAction: (action: UserAction, row: UserRow) => void;
}) {
  const { t } = useTranslation('management');
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('users.menu', { email: row.email })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const Icon = actionIcons[action];
          return (
            <Menu.Item
              key={action}
              leftSection={<Icon size={16} stroke={1.6} />}
              color={action === 'disable' || action === 'withdraw' ? 'red' : undefined}
              onClick={() => onAction(action, row)}
            >
              {t(`users.actions.${action}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
