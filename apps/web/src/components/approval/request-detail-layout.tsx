import { Alert, Group, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailField } from '@/components/detail-field';
import { localizeApiErrorText } from '@/lib/api-errors';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time-zones';
import { ApprovalDecisionPanel } from './approval-decision-panel';
import type { ApprovalDetail, ApprovalFeature, ApprovalRow } from './approval-feature';
import { useApprovalText } from './approval-text';
import { type MadeFile, OutputSection } from './output-section';
import { RequestHistory } from './request-history';

// One request, top to bottom: its status, what it asks for, who asked and decided, why it
// failed, the file it made, the manager's decision and the history. The feature fills in what
// its requests are (a file to sign, terminals to certify) and how it names the file made.

type RequestDetailLayoutProps<Row extends ApprovalRow, Detail extends Row & ApprovalDetail> = {
  feature: ApprovalFeature<Row, Detail>;
  request: Detail;
  timeZone?: string;
  /** Next to the status (the tool, a removed upload). */
  note?: ReactNode;
  /** The feature's facts (label, value) before when and by whom the request was made. */
  facts: [label: string, value: ReactNode][];
  /** The feature's sections under the facts. */
  children?: ReactNode;
  /** How the made file is named and dated, once there is one. */
  output: MadeFile | null;
  /** The feature's sections after the made file (the certificates issued). */
  after?: ReactNode;
  /** What approving does, in the decision panel. */
  decisionNote: ReactNode;
  canApprove?: boolean;
};

/** A stored failure in the user's language when its code is known, else its English text. */
const failureText = ({ code, params, message }: NonNullable<ApprovalDetail['failure']>) =>
  code ? (localizeApiErrorText({ code: code as never, params }, message) ?? message) : message;

export function RequestDetailLayout<Row extends ApprovalRow, Detail extends Row & ApprovalDetail>({
  feature,
  request,
  timeZone,
  note,
  facts,
  children,
  output,
  after,
  decisionNote,
  canApprove = true,
}: RequestDetailLayoutProps<Row, Detail>) {
  const { text } = useApprovalText(feature.namespace);
  const { StatusBadge } = feature;
  const locale = languageLocales[currentLanguage()];
  const when = (iso: string) => formatDateTime(iso, { timeZone, locale });
  const failure = request.failure && failureText(request.failure);
  const download = feature.useDownload();
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <StatusBadge status={request.status} />
        {note}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        {facts.map(([label, value]) => (
          <DetailField key={label} label={label}>
            {value}
          </DetailField>
        ))}
        <DetailField label={text('detail.requestedAt')}>{when(request.created_at)}</DetailField>
        <DetailField label={text('detail.requester')}>{request.requester_email}</DetailField>
        <DetailField label={text('detail.company')}>{request.company_code}</DetailField>
        <DetailField label={text('detail.comment')}>{request.comment}</DetailField>
      </SimpleGrid>
      {children}
      {request.decider_email && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DetailField label={text('detail.decider')}>{request.decider_email}</DetailField>
          <DetailField label={text('detail.decidedAt')}>
            {request.decided_at ? when(request.decided_at) : '-'}
          </DetailField>
          {request.status === 'rejected' && (
            <DetailField label={text('detail.reason')}>{request.reason || '-'}</DetailField>
          )}
        </SimpleGrid>
      )}
      {failure && (
        <Alert color="red" variant="light" title={text('detail.failure')}>
          {failure}
        </Alert>
      )}
      {output && (
        <OutputSection
          namespace={feature.namespace}
          request={request}
          made={output}
          when={when}
          download={download}
        />
      )}
      {after}
      {request.can_decide && (
        <ApprovalDecisionPanel feature={feature} request={request} canApprove={canApprove}>
          {decisionNote}
        </ApprovalDecisionPanel>
      )}
      <RequestHistory namespace={feature.namespace} history={request.history} when={when} />
    </Stack>
  );
}
