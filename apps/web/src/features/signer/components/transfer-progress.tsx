import { Group, Progress, Stack, Text } from '@mantine/core';
import { megabytesPerSecond, percentOf, type TransferState } from '../utils/transfer-meter';
import { useSignerText } from './signer-text';

// One transfer's bar: its name, the share done and the rate (what the hashing and the upload
// show while they run side by side).

export function TransferProgress({
  label,
  state,
  color,
}: {
  label: string;
  state: TransferState;
  color?: string;
}) {
  const { text } = useSignerText();
  const percent = percentOf(state);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {text('progress.rate', { percent, rate: megabytesPerSecond(state) })}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={color}
        aria-label={label}
        size="lg"
        radius="sm"
        animated={percent < 100}
      />
    </Stack>
  );
}
