import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = {
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
};

/** One section of account settings: an icon, a heading and its content. */
export function SectionCard({ icon, title, description, children }: SectionCardProps) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={42} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h3">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
