import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { CrtRequestDetail } from '@tkc/contracts/api/crt-requests';
import { textBounds } from '@tkc/contracts/forms';
import { useState } from 'react';
import { runAction } from '@/lib/run-action';
import { serverErrorOf } from '@/lib/use-management-form';
import { useApproveCrtRequest, useRejectCrtRequest } from '../api/crt-writes';
import { useCrtText } from './crt-text';

// A crt-manager's decision on a pending request (never their own: the server holds the
// two-person rule, the page only offers what the server says the caller may do).

const [REASON_MIN, REASON_MAX] = textBounds.comment;

export function DecisionPanel({ request }: { request: CrtRequestDetail }) {
  const { text } = useCrtText();
  const approve = useApproveCrtRequest();
  const reject = useRejectCrtRequest();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isBusy = approve.isPending || reject.isPending;

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
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="crt-decision">
      <Stack gap="sm">
        <Text fw={600} id="crt-decision" component="h3">
          {text('decision.title')}
        </Text>
        <Text size="sm">{text('decision.intro', { count: request.sn_count })}</Text>
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
            disabled={isBusy}
          >
            {text('decision.approve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
