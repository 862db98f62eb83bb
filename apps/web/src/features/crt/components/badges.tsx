import { Badge } from '@mantine/core';
import type { CertificateStatus } from '@tkc/contracts/api/crt';
import type { CrtRequestStatus } from '@tkc/contracts/api/crt-requests';
import { useCrtText } from './crt-text';

const REQUEST_COLORS: Record<CrtRequestStatus, string> = {
  pending: 'yellow',
  issuing: 'blue',
  issued: 'teal',
  rejected: 'gray',
  failed: 'red',
};

const CERTIFICATE_COLORS: Record<CertificateStatus, string> = {
  valid: 'teal',
  revoked: 'red',
  expired: 'gray',
};

export function RequestStatusBadge({ status }: { status: CrtRequestStatus }) {
  const { text } = useCrtText();
  return (
    <Badge color={REQUEST_COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
      {text(`status.${status}`)}
    </Badge>
  );
}

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const { text } = useCrtText();
  return (
    <Badge color={CERTIFICATE_COLORS[status]} variant="light" style={{ textTransform: 'none' }}>
      {text(`certificateStatus.${status}`)}
    </Badge>
  );
}
