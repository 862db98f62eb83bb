import { Group, Progress, Stack, Text } from '@mantine/core';
import { megabytesPerSecond, percentOf, type TransferState } from '@/lib/transfer-meter';

// One transfer's bar: its name, the share done and the rate (what the hashing and the upload
// show while they run side by side, docs/signer.md#hashing). The caller words the rate in its
// own namespace ('{{percent}} % · {{rate}} MB/s').

export function TransferProgress({
  label,
  state,
  color,
  rateText,
}: {
  label: string;
  state: TransferState;
  color?: string;
  rateText: (values: { percent: number; rate: string }) => string;
}) {
  const percent = percentOf(state);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {rateText({ percent, rate: megabytesPerSecond(state) })}
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
