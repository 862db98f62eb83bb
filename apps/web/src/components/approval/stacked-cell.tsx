import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type StackedCellProps = {
  /** The cell's main line, cut at `width` (its full text in the tooltip `title`). */
  value: string;
  title: string;
  /** The dimmed line under it. */
  detail: ReactNode;
  width: number;
  isMonospace?: boolean;
};

/** A list cell of two lines: what the request is, and a dimmed detail under it. */
export function StackedCell({ value, title, detail, width, isMonospace }: StackedCellProps) {
  return (
    <Stack gap={0} maw={width}>
      <Text size="sm" ff={isMonospace ? 'monospace' : undefined} truncate="end" title={title}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}
