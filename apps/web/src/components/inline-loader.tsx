import { Group, Loader, Text } from '@mantine/core';

/** A small in-card loading line, e.g. 'Verifying...' while a link is checked. */
export function InlineLoader({ label }: { label: string }) {
  return (
    <Group justify="center" gap="sm" py="xl" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text c="dimmed">{label}</Text>
    </Group>
  );
}
