import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Routes whose screens are not built yet (dashboard content, management, tools) say so plainly. */
export function NotBuilt({ featureKey }: { featureKey: string }) {
  const { t } = useTranslation();
  const feature = t(featureKey);
  return (
    <Card withBorder radius="md" padding="xl" maw={640}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light" color="yellow">
            <IconBarrierBlock size={28} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('notBuilt.title', { feature })}
          </Title>
        </Group>
        <Text>{t('notBuilt.body', { feature })}</Text>
        <Group>
          <Button component={Link} to={paths.app.dashboard.getHref()} variant="light">
            {t('notBuilt.back')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
