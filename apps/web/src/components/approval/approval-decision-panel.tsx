import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { textBounds } from '@tkc/contracts/forms';
import { type ReactNode, useState } from 'react';
import { runAction } from '@/lib/run-action';
import { serverErrorOf } from '@/lib/use-management-form';
import type { ApprovalDetail, ApprovalFeature, ApprovalRow } from './approval-feature';
import { useApprovalText } from './approval-text';

// A manager's decision on a pending request (never their own: the server holds the two-person
// rule, the page only offers what the server says the caller may do).

const [REASON_MIN, REASON_MAX] = textBounds.comment;

type ApprovalDecisionPanelProps<Row extends ApprovalRow, Detail extends Row & ApprovalDetail> = {
  feature: ApprovalFeature<Row, Detail>;
  request: Detail;
  /** What approving does, in the feature's words (the key that signs, the certificates made). */
  children: ReactNode;
  /** False while the approval could not be carried out (the company has no signing key). */
  canApprove: boolean;
};

export function ApprovalDecisionPanel<
  Row extends ApprovalRow,
  Detail extends Row & ApprovalDetail,
>({ feature, request, children, canApprove }: ApprovalDecisionPanelProps<Row, Detail>) {
  const { text } = useApprovalText(feature.namespace);
  const approve = feature.useApprove();
  const reject = feature.useReject();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isBusy = approve.isPending || reject.isPending;
  const headingId = `${feature.namespace}-decision`;

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
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Text fw={600} id={headingId} component="h3">
          {text('decision.title')}
        </Text>
        {children}
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
            disabled={isBusy || !canApprove}
          >
            {text('decision.approve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
