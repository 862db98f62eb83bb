import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and optional subtitle at the top of an auth card. */
export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} size="h2" fw={700}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
