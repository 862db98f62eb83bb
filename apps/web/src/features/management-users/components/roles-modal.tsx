import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import type { UserRow } from '@tkc/contracts/api/management';
import { PLATFORM_COMPANY_CODE } from '@tkc/contracts/constants';
import { isGlobalAdmin, isPlatformOwner, parseRole, type RoleCode } from '@tkc/contracts/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runAction } from '@/lib/run-action';
import { useCompanyLicences } from '../api/get-company-licences';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { RoleEditor } from './role-editor';
import { displayName } from './user-display';

/** The role codes a row holds in its own company. */
export const rolesOfRow = (row: UserRow): RoleCode[] =>
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
  const isGlobal = isGlobalAdmin(user.roles);
  const licences = useCompanyLicences(row.company_id, true);
  const isPlatformCompany =
    licences.data?.is_platform ?? row.company_code === PLATFORM_COMPANY_CODE;
  const update = useUpdateUserRoles();
  const isChanged = [...roles].sort().join() !== [...held].sort().join();

  const save = async () => {
    setSaving(true);
    try {
      await runAction(t('actions.changeRoles'), () => update.mutateAsync({ id: row.id, roles }));
      onDone();
    } catch {
      // shown by runAction
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('users.rolesHint', { email: row.email, company: row.company })}
      </Text>
      <RoleEditor
        value={roles}
        onChange={setRoles}
        held={held}
        licences={licences.data?.licences}
        isLicensed={!isPlatformCompany}
        canGrantPlatformAdmin={isGlobal && isPlatformCompany}
        canGrantPlatformOwner={isPlatformOwner(user.roles) && isPlatformCompany}
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
