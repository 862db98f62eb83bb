import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconPackage } from '@tabler/icons-react';
import type { DashboardCard as Card_ } from '@tkc/contracts/access/navigation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardColors, cardIcons } from './card-style';
import classes from './dashboard.module.css';

/** One feature or management card: icon, name, description and a link (greyed when switched off). */
export function DashboardCard({ card, isLarge = false }: { card: Card_; isLarge?: boolean }) {
  const { t } = useTranslation();
  const Icon = cardIcons[card.idName] ?? IconPackage;
  const color = cardColors[card.idName] ?? 'blue';
  const name = t(`dashboard.cards.${card.idName}.name`);
  return (
    <Card
      withBorder
      radius="md"
      padding={isLarge ? 'xl' : 'lg'}
      className={classes.card}
      data-disabled={!card.isEnabled || undefined}
      data-large={isLarge || undefined}
      style={{ '--card-accent': `var(--mantine-color-${color}-filled)` } as React.CSSProperties}
      component="article"
      aria-label={name}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <ThemeIcon size={isLarge ? 54 : 46} radius="md" variant="light" color={color}>
            <Icon size={isLarge ? 30 : 26} stroke={1.6} />
          </ThemeIcon>
          {card.kind === 'manage' && (
            <Badge variant="dot" color="gray">
              {t('dashboard.manage')}
            </Badge>
          )}
        </Group>
        <Text fw={700} size={isLarge ? 'lg' : undefined}>
          {name}
        </Text>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {t(`dashboard.cards.${card.idName}.description`)}
        </Text>
        {card.isEnabled ? (
          <Anchor component={Link} to={card.link} size="sm" fw={600} className={classes.open}>
            <Group gap={4} component="span">
              {t('dashboard.open')}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('dashboard.disabled')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
