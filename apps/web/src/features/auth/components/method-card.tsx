import { Group, Loader, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './method-card.module.css';

type MethodCardProps = {
  icon: ReactNode;
  title: string;
  description: string;
  isBusy?: boolean;
  isDisabled?: boolean;
  onClick: () => void;
};

/** One second-factor choice under 'Choose how you want to sign in' (docs/product.md#two-step). */
export function MethodCard({
  icon,
  title,
  description,
  isBusy,
  isDisabled,
  onClick,
}: MethodCardProps) {
  return (
    <UnstyledButton
      onClick={onClick}
      disabled={isDisabled || isBusy}
      className={classes.card}
      aria-busy={isBusy || undefined}
      aria-label={title}
    >
      <Paper withBorder radius="md" p="md" className={classes.paper}>
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={44} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1 }}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          {isBusy ? (
            <Loader size="sm" aria-label={title} />
          ) : (
            <IconChevronRight size={18} className={classes.chevron} aria-hidden />
          )}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
