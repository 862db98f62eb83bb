import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  type CertificateRow,
  REVOCATION_REASONS,
  type RevocationReasonName,
} from '@tkc/contracts/api/crt';
import { textBounds } from '@tkc/contracts/forms';
import { useState } from 'react';
import { runAction } from '@/lib/run-action';
import { serverErrorOf } from '@/lib/use-management-form';
import { useRevokeCertificate } from '../api/crt-writes';
import { useCrtText } from './crt-text';

// Revoking a certificate (a crt-manager of its company): a reason of RFC 5280 and a note; the
// company CA's CRL lists it from then on.

export function RevokeModal({
  certificate,
  onClose,
}: {
  certificate: CertificateRow | null;
  onClose: () => void;
}) {
  const { text } = useCrtText();
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState<RevocationReasonName | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason(null);
    setNote('');
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!certificate) return;
    if (!reason) return setError(text('revoke.reasonRequired'));
    try {
      await runAction(text('actions.revoke'), () =>
        revoke.mutateAsync({ id: certificate.id, reason, note }),
      );
      close();
    } catch (failure) {
      setError(serverErrorOf(failure, [])?.text ?? null);
    }
  };
  return (
    <Modal
      opened={certificate !== null}
      onClose={close}
      title={text('revoke.title', { sn: certificate?.sn ?? '' })}
      centered
      radius="md"
    >
      <Stack gap="md">
        <Text size="sm">{text('revoke.intro')}</Text>
        <Select
          label={text('revoke.reason')}
          data={REVOCATION_REASONS.map((r) => ({ value: r, label: text(`reasons.${r}`) }))}
          value={reason}
          onChange={(value) => {
            setReason(value as RevocationReasonName | null);
            setError(null);
          }}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={text('revoke.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={textBounds.comment[1]}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {text('revoke.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={revoke.isPending}>
            {text('revoke.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
