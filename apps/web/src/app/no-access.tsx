import { Button, Center, List, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Action } from '@tkc/contracts/access/permissions';
import { grantsOf } from '@tkc/contracts/access/permissions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A known page the user's roles do not open (docs/web.md#no-access): it names the roles that
 * would, and where they must be held. Unknown paths keep the 404 page.
 */
export function NoAccess({
  action,
  isSwitchedOff,
}: {
  action: Action | null;
  isSwitchedOff: boolean;
}) {
  const { t } = useTranslation();
  const grants = action === null || isSwitchedOff ? [] : grantsOf(action);
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <IconLock size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          {t('noAccess.title')}
        </Title>
        {isSwitchedOff ? (
          <Text>{t('noAccess.switchedOff')}</Text>
        ) : (
          <>
            <Text>{t('noAccess.needs')}</Text>
            <List ta="left" aria-label={t('noAccess.rolesLabel')}>
              {grants.map((grant) => (
                <List.Item key={`${grant.heldIn}:${grant.roles.join(',')}`}>
                  {t(grant.heldIn === 'platform' ? 'noAccess.inPlatform' : 'noAccess.inOwn', {
                    roles: grant.roles.map((role) => t(`roles.${role}`)).join(', '),
                  })}
                </List.Item>
              ))}
            </List>
            <Text c="dimmed" size="sm">
              {t('noAccess.askAdmin')}
            </Text>
          </>
        )}
        <Button component={Link} to={paths.app.dashboard.getHref()}>
          {t('noAccess.dashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
