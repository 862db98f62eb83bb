import { Alert, Text } from '@mantine/core';
import type { SignerDetail } from '@tkc/contracts/api/signer';
import { Digest } from '@/components/approval/digest';
import { RequestDetailLayout } from '@/components/approval/request-detail-layout';
import { DetailField } from '@/components/detail-field';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatBytes } from '@/lib/transfer-meter';
import { ApkFacts } from './apk-facts';
import { CapFacts } from './cap-facts';
import { signerApproval } from './signer-approval';
import { useSignerText } from './signer-text';

// One sign request (GET /signer/requests/{id}): the file and what the server read from it, who
// signed the uploaded APK before, and the signed file with its digests. A manager decides with
// the company's key; the requester downloads.

export function RequestDetail({ request, timeZone }: { request: SignerDetail; timeZone?: string }) {
  const { text } = useSignerText();
  const locale = languageLocales[currentLanguage()];
  const output = request.output;
  // An APK is signed with the company's key: without one there is nothing to approve with.
  const needsKey = request.file_type === 'apk' && request.signing_key === null;
  return (
    <RequestDetailLayout
      feature={signerApproval}
      request={request}
      timeZone={timeZone}
      canApprove={!needsKey}
      decisionNote={
        request.signing_key ? (
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
        )
      }
      note={
        request.is_input_removed && (
          <Text size="sm" c="dimmed">
            {text('detail.inputRemoved')}
          </Text>
        )
      }
      facts={[
        [text('detail.file'), request.file_name],
        [text('detail.type'), text(`fileTypes.${request.file_type}`)],
        [text('detail.size'), formatBytes(request.file_size, locale)],
      ]}
      output={
        output && {
          label: text('detail.signedFile'),
          madeAt: output.signed_at,
          madeAtLabel: text('detail.signedAt'),
          digests: (
            <>
              <DetailField label={text('detail.signedSha256')}>
                <Digest value={output.sha256} label={text('detail.signedSha256')} />
              </DetailField>
              <DetailField label={text('detail.signedKey')}>
                <Digest value={output.key_sha256} label={text('detail.signedKey')} />
              </DetailField>
            </>
          ),
        }
      }
    >
      <DetailField label={text('detail.sha256')}>
        <Digest value={request.sha256} label={text('detail.sha256')} />
      </DetailField>
      {request.apk && <ApkFacts apk={request.apk} />}
      {request.cap && <CapFacts cap={request.cap} />}
    </RequestDetailLayout>
  );
}
