import { Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { ROLE_GROUPS, type RoleGroup } from '@tkc/contracts/access/roles';
import { useTranslation } from 'react-i18next';
import type { LicenceUsage } from './role-editor';

const GROUPS = Object.keys(ROLE_GROUPS) as RoleGroup[];

/** Used / total seats per feature group of one company, beside the invite button. */
export function LicenceSummary({
  company,
  licences,
  isPlatform = false,
}: {
  company: string;
  licences: LicenceUsage;
  /** The platform company is not licensed per seat. */
  isPlatform?: boolean;
}) {
  const { t } = useTranslation('management');
  if (isPlatform) {
    return (
      <Paper withBorder radius="md" px="md" py="xs">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('users.licencesOf', { company })}
        </Text>
        <Text size="sm">{t('users.platformUnlicensed')}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" px="md" py="xs" aria-label={t('users.licencesOf', { company })}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('users.licencesOf', { company })}
        </Text>
        <Group gap="lg" wrap="wrap">
          {GROUPS.map((group) => {
            const usage = licences[group] ?? { used: 0, total: 0 };
            const ratio = usage.total > 0 ? Math.min(100, (usage.used / usage.total) * 100) : 0;
            // A group without licences is simply not bought; full means every seat is taken.
            const isFull = usage.total > 0 && usage.used >= usage.total;
            const isNone = usage.total === 0;
            return (
              <Tooltip
                key={group}
                label={t('roleEditor.licences', { used: usage.used, total: usage.total })}
                withArrow
              >
                <Stack gap={2} miw={96}>
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Text size="xs" fw={500}>
                      {t(`roleGroups.${group}`)}
                    </Text>
                    <Text size="xs" fw={700} c={isFull ? 'orange' : isNone ? 'dimmed' : undefined}>
                      {t('users.usage', { used: usage.used, total: usage.total })}
                    </Text>
                  </Group>
                  <Progress
                    value={ratio}
                    size="sm"
                    color={isFull ? 'orange' : 'teal'}
                    aria-label={t(`roleGroups.${group}`)}
                  />
                </Stack>
              </Tooltip>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}
