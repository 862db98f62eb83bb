import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DetailField } from '@/components/detail-field';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { runAction } from '@/lib/run-action';
import { formatBytes } from '@/lib/transfer-meter';
import type { ApprovalDetail, ApprovalMutation } from './approval-feature';
import { useApprovalText } from './approval-text';

/** How a feature names and dates the file its approval made. */
export type MadeFile = {
  /** Names the section and its file (the signed file, the CAP). */
  label: string;
  /** When the file was made, and what that moment is called (signed, issued). */
  madeAt: string;
  madeAtLabel: string;
  /** The file's digests. */
  digests: ReactNode;
};

type OutputSectionProps = {
  namespace: string;
  request: ApprovalDetail;
  made: MadeFile;
  when: (iso: string) => string;
  download: ApprovalMutation<{ id: string; fallbackName: string }>;
};

/** The file an approved request made, and its download for whoever may have it. */
export function OutputSection({ namespace, request, made, when, download }: OutputSectionProps) {
  const { text } = useApprovalText(namespace);
  const locale = languageLocales[currentLanguage()];
  const file = request.output;
  if (!file) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={made.label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DetailField label={made.label}>{file.file_name}</DetailField>
          <DetailField label={text('detail.size')}>{formatBytes(file.size, locale)}</DetailField>
          <DetailField label={made.madeAtLabel}>{when(made.madeAt)}</DetailField>
        </SimpleGrid>
        {made.digests}
        {request.can_download && (
          <Group>
            <Button
              leftSection={<IconDownload size={16} />}
              loading={download.isPending}
              onClick={() =>
                void runAction(text('actions.download'), () =>
                  download.mutateAsync({ id: request.id, fallbackName: file.file_name }),
                ).catch(() => {})
              }
            >
              {text('detail.download')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
