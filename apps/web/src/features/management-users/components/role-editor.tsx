import { Badge, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  ROLE_DESCRIPTIONS,
  ROLE_GROUPS,
  type RoleCode,
  type RoleGroup,
} from '@tkc/contracts/access/roles';
import { useTranslation } from 'react-i18next';

// The role editor of invitations and 'Change roles' (docs/product.md#roles): per feature group a radio
// choice (none, or one role of the group), the Company Administrator box, the other company
// roles, and the platform roles where they may be given (the platform company, by a global admin;
// the owner role only by an owner).

export type LicenceUsage = Record<string, { used: number; total: number }>;

type RoleEditorProps = {
  value: RoleCode[];
  onChange: (next: RoleCode[]) => void;
  /** Used / total seats per group of the company, when known (global admins). */
  licences?: LicenceUsage;
  /** Roles the person holds already (a held group keeps its seat). */
  held?: readonly RoleCode[];
  /** Whether the company is licensed per seat (the platform company is not). */
  isLicensed?: boolean;
  canGrantPlatformAdmin: boolean;
  canGrantPlatformOwner: boolean;
  isDisabled?: boolean;
  /** The server's refusal of these roles; shown at `errorGroup` when it names one, else below. */
  error?: string;
  errorGroup?: string;
};

const GROUPS = Object.keys(ROLE_GROUPS) as RoleGroup[];
const OTHER_ROLES: RoleCode[] = ['mdl-viewer', 'kcg-manager'];
const NONE = 'none';

export function RoleEditor({
  value,
  onChange,
  licences,
  held = [],
  isLicensed = true,
  canGrantPlatformAdmin,
  canGrantPlatformOwner,
  isDisabled = false,
  error,
  errorGroup,
}: RoleEditorProps) {
  const isGroupError = !!error && GROUPS.some((group) => group === errorGroup);
  const { t } = useTranslation('management');
  const has = (role: RoleCode) => value.includes(role);
  const toggle = (role: RoleCode, isOn: boolean) =>
    onChange(isOn ? [...value.filter((r) => r !== role), role] : value.filter((r) => r !== role));
  const setGroup = (group: RoleGroup, role: string) => {
    const codes: readonly RoleCode[] = ROLE_GROUPS[group];
    const kept = value.filter((r) => !codes.includes(r));
    onChange(role === NONE ? kept : [...kept, role as RoleCode]);
  };
  const description = (role: RoleCode) =>
    ROLE_DESCRIPTIONS[role] ? t(`roleDescriptions.${role}`) : undefined;

  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {t('roleEditor.features')}
      </Text>
      {GROUPS.map((group) => {
        const codes: readonly RoleCode[] = ROLE_GROUPS[group];
        const current = codes.find((r) => value.includes(r)) ?? NONE;
        const usage = licences?.[group];
        const holdsSeat = codes.some((r) => held.includes(r));
        const isOut =
          isLicensed && !!usage && current !== NONE && !holdsSeat && usage.used >= usage.total;
        return (
          <Paper key={group} withBorder radius="md" p="sm">
            <Radio.Group
              value={current}
              onChange={(role) => setGroup(group, role)}
              label={
                <Group gap="xs" component="span">
                  <span>{t(`roleGroups.${group}`)}</span>
                  {isLicensed && usage && (
                    <Badge
                      size="sm"
                      variant="light"
                      color={usage.used >= usage.total ? 'orange' : 'gray'}
                      component="span"
                    >
                      {t('roleEditor.licences', { used: usage.used, total: usage.total })}
                    </Badge>
                  )}
                </Group>
              }
              error={
                (isGroupError && group === errorGroup ? error : undefined) ??
                (isOut ? t('roleEditor.noLicenceLeft') : undefined)
              }
            >
              <SimpleGrid cols={{ base: 1, xs: 2, sm: codes.length + 1 }} spacing="xs" mt={8}>
                <Radio value={NONE} label={t('roleLabels.none')} disabled={isDisabled} />
                {codes.map((role) => (
                  <Radio
                    key={role}
                    value={role}
                    label={t(`roleLabels.${role}`)}
                    description={description(role)}
                    disabled={isDisabled}
                  />
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Paper>
        );
      })}

      <Text fw={600} size="sm" mt="xs">
        {t('roleEditor.administration')}
      </Text>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Checkbox
            label={t('roleLabels.com-admin')}
            description={t('roleEditor.companyAdminHint')}
            checked={has('com-admin')}
            onChange={(e) => toggle('com-admin', e.currentTarget.checked)}
            disabled={isDisabled}
          />
          {OTHER_ROLES.map((role) => (
            <Checkbox
              key={role}
              label={t(`roleLabels.${role}`)}
              description={description(role)}
              checked={has(role)}
              onChange={(e) => toggle(role, e.currentTarget.checked)}
              disabled={isDisabled}
            />
          ))}
        </Stack>
      </Paper>

      {(canGrantPlatformAdmin || canGrantPlatformOwner) && (
        <>
          <Text fw={600} size="sm" mt="xs">
            {t('roleEditor.platform')}
          </Text>
          <Paper withBorder radius="md" p="sm">
            <Stack gap="sm">
              {canGrantPlatformAdmin && (
                <Checkbox
                  label={t('roleLabels.plf-admin')}
                  description={t('roleEditor.platformAdminHint')}
                  checked={has('plf-admin')}
                  onChange={(e) => toggle('plf-admin', e.currentTarget.checked)}
                  disabled={isDisabled}
                />
              )}
              {canGrantPlatformOwner && (
                <Checkbox
                  label={t('roleLabels.plf-owner')}
                  description={t('roleEditor.platformOwnerHint')}
                  checked={has('plf-owner')}
                  onChange={(e) => toggle('plf-owner', e.currentTarget.checked)}
                  disabled={isDisabled}
                />
              )}
            </Stack>
          </Paper>
        </>
      )}
      {error && !isGroupError && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
