import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { eraseReportBody } from '@tkc/contracts/api/erase';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError } from '@/lib/action-alert';
import { translateMessage } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { useReportErase } from '../api/report-erase';

// "Report this failure" (PATCH /uld/erase/{id}): the user adds what helps, support gets a mail.

type ReportModalProps = {
  /** The record to report; null: closed. */
  recordId: string | null;
  /** What the record says already (a report sent again keeps it). */
  initialText?: string;
  onClose: () => void;
  onReported?: () => void;
};

export function ReportModal({ recordId, initialText = '', onClose, onReported }: ReportModalProps) {
  const { t } = useTranslation('keyErase');
  return (
    <Modal
      opened={recordId !== null}
      onClose={onClose}
      title={t('report.title')}
      size="lg"
      centered
      radius="md"
    >
      {recordId && (
        <ReportForm
          recordId={recordId}
          initialText={initialText}
          onDone={() => {
            onReported?.();
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

function ReportForm({
  recordId,
  initialText,
  onDone,
  onCancel,
}: {
  recordId: string;
  initialText: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('keyErase');
  const [text, setText] = useState(initialText);
  const [isTouched, setTouched] = useState(false);
  const report = useReportErase();
  const checked = eraseReportBody.safeParse({
    isReported: true,
    isRespond: false,
    additional_information: text,
  });
  const error = checked.success ? undefined : translateMessage(checked.error.issues[0]!.message);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!checked.success) return;
    try {
      await report.mutateAsync({ id: recordId, additionalInformation: text });
      toast(t('report.sent'), 'success');
      onDone();
    } catch (e) {
      showActionError(t('report.action'), e);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('report.intro')}</Text>
        <Textarea
          label={t('report.label')}
          placeholder={t('report.placeholder')}
          autosize
          minRows={4}
          maxRows={10}
          data-autofocus
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={isTouched || text.length > 0 ? error : undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!checked.success || report.isPending}>
            {report.isPending ? t('common.pleaseWait') : t('report.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
