import { Badge } from '@mantine/core';
import { isEraseFailure } from '@tkc/contracts/erase-status';
import { useEraseText } from './erase-text';

/** An erase status (docs/erase-status.md#the-table) as a badge: teal for success, red for failures. */
export function StatusBadge({ status }: { status: number }) {
  const text = useEraseText();
  return (
    <Badge
      color={isEraseFailure(status) ? 'red' : 'teal'}
      variant="light"
      radius="sm"
      data-status={status}
      styles={{
        root: { height: 'auto', maxWidth: '100%', paddingBlock: 3, textTransform: 'none' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.35 },
      }}
    >
      {text.status(status)}
    </Badge>
  );
}
