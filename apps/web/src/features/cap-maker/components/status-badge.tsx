import { Badge } from '@mantine/core';
import type { CapStatus } from '@tkc/contracts/api/cap';
import { useCapText } from './cap-maker-text';

const COLORS: Record<CapStatus, string> = {
  building: 'blue',
  ready: 'teal',
  failed: 'red',
  confirmed: 'green',
  superseded: 'gray',
};

export function StatusBadge({ status }: { status: CapStatus }) {
  const { text } = useCapText();
  return (
    <Badge color={COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
      {text(`status.${status}`)}
    </Badge>
  );
}
