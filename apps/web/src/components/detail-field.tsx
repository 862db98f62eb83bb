import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact of a record's detail: a small dimmed label over its value (long values wrap). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}
