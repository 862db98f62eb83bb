import { Badge, Group, Tooltip } from '@mantine/core';
import { type RoleBadge, roleBadges } from '@tkc/contracts/access/roles';
import type { UserRow } from '@tkc/contracts/api/management';
import { useTranslation } from 'react-i18next';

/** 'First Last', or the e-mail while the person has not signed up yet. */
export const displayName = (row: Pick<UserRow, 'first_name' | 'last_name' | 'email'>) =>
  `${row.first_name} ${row.last_name}`.trim() || row.email;

const groupColors: Record<RoleBadge['group'], string> = {
  admin: 'red',
  cap: 'blue',
  sig: 'grape',
  crt: 'teal',
  erk: 'orange',
  other: 'gray',
};

export const STATUS_COLORS: Record<UserRow['status'], string> = {
  active: 'teal',
  disabled: 'gray',
  invited: 'blue',
  expired: 'orange',
};

/** The role badges of a row, coloured by feature group (docs/product.md#roles). */
export function RoleBadges({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('management');
  const badges = roleBadges(roles);
  if (badges.length === 0) {
    return (
      <Badge variant="outline" color="gray" size="sm">
        {t('users.noRoles')}
      </Badge>
    );
  }
  return (
    <Group gap={4}>
      {badges.map((b) => (
        <Tooltip key={`${b.company}/${b.role}`} label={`${b.company}/${b.role}`} withArrow>
          <Badge variant="light" color={groupColors[b.group]} size="sm" tt="none">
            {t(`translation:roles.${b.role}`)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
