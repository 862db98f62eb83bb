import { Alert, Center, Loader, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { tableAlertOf } from '@/lib/table-alert';
import type { ApprovalDetail, ApprovalFeature, ApprovalRow } from './approval-feature';
import { useApprovalText } from './approval-text';

type ApprovalDetailModalProps<Row extends ApprovalRow, Detail extends Row & ApprovalDetail> = {
  feature: ApprovalFeature<Row, Detail>;
  /** The open request (from the address); null: closed. */
  requestId: string | null;
  onClose: () => void;
  /** The loaded request, as the feature shows it. */
  children: (request: Detail) => ReactNode;
};

/** One request in a dialog named after it, loading and failing as a list would. */
export function ApprovalDetailModal<Row extends ApprovalRow, Detail extends Row & ApprovalDetail>({
  feature,
  requestId,
  onClose,
  children,
}: ApprovalDetailModalProps<Row, Detail>) {
  const { text } = useApprovalText(feature.namespace);
  const query = feature.useRequest(requestId);
  const request = query.data;
  const alert = query.error ? tableAlertOf(query.error) : null;
  return (
    <Modal
      opened={requestId !== null}
      onClose={onClose}
      title={
        request ? text('detail.titleOf', { name: feature.nameOf(request) }) : text('detail.title')
      }
      size="72rem"
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': text('detail.close') }}
    >
      {query.isPending && requestId !== null && (
        <Center py="xl">
          <Loader aria-label={text('detail.loading')} />
        </Center>
      )}
      {alert && (
        <Alert color="red" variant="light">
          {alert.tableStatusText}
        </Alert>
      )}
      {request && children(request)}
    </Modal>
  );
}
