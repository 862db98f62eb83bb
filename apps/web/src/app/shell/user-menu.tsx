import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { roleBadges } from '@tkc/contracts/access/roles';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { avatarFor } from '@/lib/avatar';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/time-zones';
import classes from './user-menu.module.css';

const badgeColors: Record<string, string> = {
  admin: 'red',
  cap: 'blue',
  sig: 'grape',
  crt: 'teal',
  erk: 'orange',
  other: 'gray',
};

/** The header's avatar and first name, opening the user menu (docs/product.md#shell). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const session = useSession();
  const avatar = avatarFor(user);
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Menu position="bottom-end" width={300} shadow="lg" withArrow>
      <Menu.Target>
        <UnstyledButton
          className={classes.target}
          aria-label={t('shell.userMenuOf', { name: user.first_name })}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar src={avatar} alt="" radius="xl" size={34} />
            <Text size="sm" fw={600} visibleFrom="xs" className={classes.name}>
              {user.first_name}
            </Text>
            <IconChevronDown size={14} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="sm" wrap="nowrap">
          <Avatar src={avatar} alt="" radius="xl" size={48} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {fullName || user.email}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        </Group>
        {user.roles.length > 0 && (
          <Group gap={6} px="sm" pb="sm">
            {roleBadges(user.roles).map((b) => (
              <Badge
                key={`${b.company}/${b.role}`}
                size="sm"
                variant="light"
                color={badgeColors[b.group] ?? 'gray'}
                title={`${b.company}/${b.role}`}
              >
                {t(`roles.${b.role}`)}
              </Badge>
            ))}
          </Group>
        )}
        {session.expiresAt !== null && (
          <Text size="xs" c="dimmed" px="sm" pb="xs">
            {t('shell.sessionUntil', {
              time: formatDateTime(session.expiresAt, {
                timeZone: user.timezone,
                locale: languageLocales[currentLanguage()],
              }),
            })}
          </Text>
        )}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.app.accountSettings.getHref()}
          leftSection={<IconSettings size={16} />}
        >
          {t('shell.accountSettings')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.logout.getHref()}
          color="red"
          leftSection={<IconLogout size={16} />}
        >
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
