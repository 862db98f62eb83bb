import { Button, Group, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import { ROLE_CODES } from '@tkc/contracts/access/roles';
import { USER_STATUSES, type UserRow } from '@tkc/contracts/api/management';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanySelect } from '@/components/company-select';
import { ConfirmModal } from '@/components/confirm-modal';
import { ClearFilters, DateRangeFilter, KeywordFilter } from '@/components/list-filters';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { runAction } from '@/lib/run-action';
import { useListState } from '@/lib/use-list-state';
import { useCompanyLicences } from '../api/get-company-licences';
import { useUsers } from '../api/get-users';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateUserStatus } from '../api/update-user-status';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { InviteModal } from '../components/invite-modal';
import { LicenceSummary } from '../components/licence-summary';
import { RolesModal } from '../components/roles-modal';
import { displayName } from '../components/user-display';
import { type UserAction, UsersTable } from '../components/users-table';

type Pending = { action: 'disable' | 'enable' | 'withdraw'; row: UserRow } | null;

/** User management (docs/product.md#routes): users and invitations, licences, roles. */
export function UsersRoute() {
  const { t } = useTranslation('management');
  const { data: user } = useUser();
  const subject = useSubject();
  const list = useListState({ sort: { column: 'first_name', direction: 'asc' } });
  const users = useUsers(list.query);
  const [isInviteOpen, inviteModal] = useDisclosure(false);
  const [rolesRow, setRolesRow] = useState<UserRow | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const status = useUpdateUserStatus();
  const isGlobal = !!subject && scopeOf(subject, 'user.view') === 'all';
  // A company admin's seats are their own company's; a global admin's those of the filtered company.
  const companyId = isGlobal ? (list.filters.companyid[0] ?? null) : (user?.company_id ?? null);
  const licences = useCompanyLicences(companyId, true);
  if (!user || !subject) return null;

  const canInvite = can(subject, 'user.edit');
  const roleOptions = isGlobal
    ? ROLE_CODES
    : ROLE_CODES.filter((r) => r !== 'plf-owner' && r !== 'plf-admin');

  const onAction = (action: UserAction, row: UserRow) => {
    if (action === 'roles') setRolesRow(row);
    else if (action === 'resend') {
      void runAction(t('actions.resend'), () => resend.mutateAsync(row.id)).catch(() => {});
    } else setPending({ action, row });
  };

  const confirmPending = () => {
    if (!pending) return Promise.resolve();
    const { action, row } = pending;
    if (action === 'withdraw') {
      return runAction(t('actions.withdraw'), () => withdraw.mutateAsync(row.id));
    }
    return runAction(t(action === 'disable' ? 'actions.disable' : 'actions.enable'), () =>
      status.mutateAsync({ id: row.id, disabled: action === 'disable' }),
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {isGlobal ? (licences.data?.name ?? t('common.allCompanies')) : user.company}
          </Title>
          <Text size="sm" c="dimmed">
            {t('users.total', { n: users.data?.total ?? 0 })}
          </Text>
        </Stack>
        <Group gap="md" align="flex-end">
          {licences.data && companyId && (
            <LicenceSummary
              company={licences.data.code}
              licences={licences.data.licences}
              isPlatform={licences.data.is_platform}
            />
          )}
          {canInvite && (
            <Button leftSection={<IconUserPlus size={18} />} onClick={inviteModal.open}>
              {t('users.invite')}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <KeywordFilter
            list={list}
            label={t('common.search')}
            placeholder={t('users.searchPlaceholder')}
          />
          <MultiSelect
            label={t('users.columns.status')}
            placeholder={list.filters.status.length ? undefined : t('common.any')}
            data={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={list.filters.status}
            onChange={(v) => list.setFilter('status', v)}
            clearable
            w={190}
          />
          <MultiSelect
            label={t('users.columns.roles')}
            placeholder={list.filters.activity.length ? undefined : t('common.any')}
            data={roleOptions.map((r) => ({ value: r, label: t(`translation:roles.${r}`) }))}
            value={list.filters.activity}
            onChange={(v) => list.setFilter('activity', v)}
            clearable
            searchable
            w={220}
          />
          {isGlobal && (
            <CompanySelect
              label={t('users.columns.company')}
              value={companyId}
              onChange={(id) => list.setFilter('companyid', id ? [id] : [])}
              w={220}
            />
          )}
          <DateRangeFilter list={list} timeZone={user.timezone} />
          <ClearFilters list={list} />
        </Group>
      </Paper>

      <UsersTable
        user={user}
        subject={subject}
        list={list}
        records={users.data?.data}
        total={users.data?.total}
        isFetching={users.isFetching}
        error={users.error}
        onAction={onAction}
      />

      <InviteModal
        isOpen={isInviteOpen}
        onClose={inviteModal.close}
        user={user}
        companyId={companyId}
      />
      <RolesModal row={rolesRow} user={user} onClose={() => setRolesRow(null)} />
      <ConfirmModal
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        isDanger={pending?.action !== 'enable'}
        title={pending ? t(`users.confirm.${pending.action}Title`) : ''}
        confirmLabel={pending ? t(`users.actions.${pending.action}`) : ''}
        onConfirm={confirmPending}
      >
        {pending &&
          t(`users.confirm.${pending.action}Body`, {
            name: displayName(pending.row),
            email: pending.row.email,
          })}
      </ConfirmModal>
    </Stack>
  );
}

export { UsersRoute as Component };
