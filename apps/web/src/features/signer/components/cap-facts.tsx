import { Paper, SimpleGrid } from '@mantine/core';
import type { SignerDetail } from '@tkc/contracts/api/signer';
import { Digest } from '@/components/approval/digest';
import { DetailField } from '@/components/detail-field';
import { useSignerText } from './signer-text';

/** What the server read from an uploaded CAP: its header's fields and the key that signed it. */
export function CapFacts({ cap }: { cap: NonNullable<SignerDetail['cap']> }) {
  const { text } = useSignerText();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={text('detail.cap')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <DetailField label={text('detail.capVersion')}>CAP{cap.version}</DetailField>
        <DetailField label={text('detail.capKind')}>{text(`capKinds.${cap.kind}`)}</DetailField>
        <DetailField label={text('detail.capFiles')}>{cap.file_count}</DetailField>
        {Object.entries(cap.fields).map(([name, value]) => (
          <DetailField key={name} label={name}>
            {value || '-'}
          </DetailField>
        ))}
      </SimpleGrid>
      <DetailField label={text('detail.capSigner')}>
        <Digest value={cap.signer_fingerprint} label={text('detail.capSigner')} />
      </DetailField>
    </Paper>
  );
}
