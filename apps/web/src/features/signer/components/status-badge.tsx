import { Badge } from '@mantine/core';
import type { SignerStatus } from '@tkc/contracts/api/signer';
import { useSignerText } from './signer-text';

const COLORS: Record<SignerStatus, string> = {
  pending: 'yellow',
  signing: 'blue',
  signed: 'teal',
  rejected: 'gray',
  failed: 'red',
};

export function StatusBadge({ status }: { status: SignerStatus }) {
  const { text } = useSignerText();
  return (
    <Badge color={COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
      {text(`status.${status}`)}
    </Badge>
  );
}
