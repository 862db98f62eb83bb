import { Code, Text } from '@mantine/core';
import type { CrtRequestDetail } from '@tkc/contracts/api/crt-requests';
import { Digest } from '@/components/approval/digest';
import { RequestDetailLayout } from '@/components/approval/request-detail-layout';
import { DetailField } from '@/components/detail-field';
import { crtApproval } from './crt-approval';
import { useCrtText } from './crt-text';
import { RequestCertificates } from './request-certificates';

// One request (GET /crt/requests/{id}): what it asks for, the CAP once issued (a group's, or a
// one-terminal request's) with its digest, and the certificates it made. A crt-manager decides
// here; the requester downloads here.

const SHOWN_SNS = 50;

export function RequestDetail({
  request,
  timeZone,
}: {
  request: CrtRequestDetail;
  timeZone?: string;
}) {
  const { text } = useCrtText();
  const output = request.output;
  return (
    <RequestDetailLayout
      feature={crtApproval}
      request={request}
      timeZone={timeZone}
      note={
        <Text size="sm" c="dimmed">
          {text(`tools.${request.tool}`)}
        </Text>
      }
      facts={[
        [text('detail.model'), request.model_name],
        [text('detail.selection'), text(`selection.${request.selection}`)],
        [text('detail.count'), request.sn_count],
      ]}
      output={
        output && {
          label: text('detail.cap'),
          madeAt: output.issued_at,
          madeAtLabel: text('detail.issuedAt'),
          digests: (
            <DetailField label={text('detail.capSha256')}>
              <Digest value={output.sha256} />
            </DetailField>
          ),
        }
      }
      after={<RequestCertificates request={request} />}
      decisionNote={<Text size="sm">{text('decision.intro', { count: request.sn_count })}</Text>}
    >
      <DetailField label={text('detail.sns')}>
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {request.sns.slice(0, SHOWN_SNS).join(' ')}
          {request.sns.length > SHOWN_SNS ? ` … (+${request.sns.length - SHOWN_SNS})` : ''}
        </Code>
      </DetailField>
    </RequestDetailLayout>
  );
}
