import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { SignerDetail } from '@tkc/contracts/api/signer';
import { textBounds } from '@tkc/contracts/forms';
import { useState } from 'react';
import { runAction } from '@/lib/run-action';
import { serverErrorOf } from '@/lib/use-management-form';
import { useApproveSignRequest } from '../api/approve-sign-request';
import { useRejectSignRequest } from '../api/reject-sign-request';
import { useSignerText } from './signer-text';

// A manager's decision on a pending request (never their own: the server holds the two-person
// rule, the page only offers what the server says the caller may do).

const [REASON_MIN, REASON_MAX] = textBounds.comment;

export function DecisionPanel({ request }: { request: SignerDetail }) {
  const { text } = useSignerText();
  const approve = useApproveSignRequest();
  const reject = useRejectSignRequest();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isBusy = approve.isPending || reject.isPending;
  const needsKey = request.file_type === 'apk' && request.signing_key === null;

  const showError = (error: unknown) => {
    const found = serverErrorOf(error, ['reason']);
    if (found?.field === 'reason') setReasonError(found.text);
    else if (found) setFormError(found.text);
  };

  const onApprove = () => {
    setFormError(null);
    runAction(text('actions.approve'), () =>
      approve.mutateAsync({ id: request.id, note: '' }),
    ).catch(showError);
  };

  const onReject = () => {
    setFormError(null);
    const length = [...reason.trim()].length;
    if (length < REASON_MIN) return setReasonError(text('decision.reasonRequired'));
    if (length > REASON_MAX)
      return setReasonError(text('form.commentTooLong', { max: REASON_MAX }));
    runAction(text('actions.reject'), () => reject.mutateAsync({ id: request.id, reason })).catch(
      showError,
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="signer-decision">
      <Stack gap="sm">
        <Text fw={600} id="signer-decision" component="h3">
          {text('decision.title')}
        </Text>
        {request.signing_key ? (
          <Text size="sm">
            {text('decision.signingKey', { subject: request.signing_key.subject })}{' '}
            <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
              {request.signing_key.sha256}
            </Text>
          </Text>
        ) : (
          needsKey && (
            <Alert color="yellow" variant="light">
              {text('decision.noSigningKey', { company: request.company_code })}
            </Alert>
          )
        )}
        <Textarea
          label={text('decision.reason')}
          description={text('decision.reasonHint')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(null);
          }}
          error={reasonError}
          autosize
          minRows={2}
          disabled={isBusy}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            onClick={onReject}
            loading={reject.isPending}
            disabled={isBusy}
          >
            {text('decision.reject')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            onClick={onApprove}
            loading={approve.isPending}
            disabled={isBusy || needsKey}
          >
            {text('decision.approve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
