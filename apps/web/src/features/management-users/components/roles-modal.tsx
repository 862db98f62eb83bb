import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import { parseRole, type RoleCode } from '@tkc/contracts/access/roles';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import type { UserRow } from '@tkc/contracts/api/management';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { subjectOf } from '@/lib/access';
import { useFeatureFlags } from '@/lib/feature-flags';
import { runAction } from '@/lib/run-action';
import { useServerError } from '@/lib/use-management-form';
import { useCompanyLicences } from '../api/get-company-licences';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { RoleEditor } from './role-editor';
import { displayName } from './user-display';

/** The role codes a row holds in its own company. */
const rolesOfRow = (row: UserRow): RoleCode[] =>
  row.roles
    .map(parseRole)
    .filter((r) => r !== null && r.company === row.company_code)
    .map((r) => r!.role);

type RolesModalProps = { row: UserRow | null; user: CurrentUser; onClose: () => void };

/** 'Change roles' of one user, with the same editor as the invitation. */
export function RolesModal({ row, user, onClose }: RolesModalProps) {
  const { t } = useTranslation('management');
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? t('users.rolesTitle', { name: displayName(row) }) : ''}
      size="xl"
      radius="md"
      centered
    >
      {row && <RolesForm key={row.id} row={row} user={user} onDone={onClose} />}
    </Modal>
  );
}

function RolesForm({ row, user, onDone }: { row: UserRow; user: CurrentUser; onDone: () => void }) {
  const { t } = useTranslation('management');
  const held = rolesOfRow(row);
  const [roles, setRoles] = useState<RoleCode[]>(held);
  const [isSaving, setSaving] = useState(false);
  const subject = subjectOf(user, useFeatureFlags().data);
  const isGlobal = scopeOf(subject, 'user.edit') === 'all';
  const licences = useCompanyLicences(row.company_id, true);
  const isPlatformCompany = licences.data?.is_platform ?? row.company_code === subject.platformCode;
  const update = useUpdateUserRoles();
  const server = useServerError();
  const isChanged = [...roles].sort().join() !== [...held].sort().join();

  const save = async () => {
    setSaving(true);
    server.clear();
    try {
      await runAction(t('actions.changeRoles'), () => update.mutateAsync({ id: row.id, roles }));
      onDone();
    } catch (error) {
      // The toast of runAction, and the refusal at the roles (or above them) until they change.
      server.show(error, { roles });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('users.rolesHint', { email: row.email, company: row.company })}
      </Text>
      {server.formError && <AlertBanner kind="danger">{server.formError}</AlertBanner>}
      <RoleEditor
        value={roles}
        onChange={setRoles}
        held={held}
        licences={licences.data?.licences}
        isLicensed={!isPlatformCompany}
        canGrantPlatformAdmin={isGlobal && isPlatformCompany}
        canGrantPlatformOwner={can(subject, 'platformOwner.edit') && isPlatformCompany}
        error={server.fieldError('roles', { roles })}
        errorGroup={server.error?.params.group?.toString()}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={isSaving} disabled={!isChanged}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
