import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { megabytesPerSecond, percentOf, type TransferState } from '@/lib/transfer-meter';

// One transfer's bar: its name, the share done and the rate (what the hashing and the upload
// show while they run side by side, docs/signer.md#hashing). The caller words the rate in its
// own namespace ('{{percent}} % · {{rate}} MB/s').

function TransferProgress({
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

/**
 * The two bars of a file being sent (hashing, then upload, side by side) and the step that
 * follows in words (`status`: 'checking', 'building', ...), read out as they change.
 */
export function SendingProgress({
  labels,
  hashing,
  uploading,
  rateText,
  status,
}: {
  labels: { hashing: string; uploading: string };
  hashing: TransferState;
  uploading: TransferState;
  rateText: (values: { percent: number; rate: string }) => string;
  status?: ReactNode;
}) {
  return (
    <Stack gap="sm" aria-live="polite">
      <TransferProgress label={labels.hashing} state={hashing} color="grape" rateText={rateText} />
      <TransferProgress label={labels.uploading} state={uploading} rateText={rateText} />
      {status && (
        <Text size="sm" c="dimmed">
          {status}
        </Text>
      )}
    </Stack>
  );
}
