import '@mantine/dropzone/styles.css';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileCheck, IconUpload, IconX } from '@tabler/icons-react';
import { textBounds } from '@tkc/contracts/forms';
import { useRef, useState } from 'react';
import { SendingProgress } from '@/components/transfer-progress';
import { hashFile } from '@/lib/hash-file';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { formatBytes, useTransferMeter } from '@/lib/transfer-meter';
import { uploadFile } from '@/lib/upload-file';
import { serverErrorOf } from '@/lib/use-management-form';
import { useCreateSignRequest } from '../api/create-sign-request';
import { checkLocalFile } from '../utils/local-file-check';
import { useFileProblemText, useSignerText } from './signer-text';

// The request form (docs/signer.md#web): a file (drop zone or picker), checked here first, then
// hashed in a worker and uploaded (resumable) side by side, each with its bar and rate; the
// request is sent once the server holds the file. Cancel stops both and deletes the upload.

type Phase = 'idle' | 'working' | 'requesting';

const [COMMENT_MIN, COMMENT_MAX] = textBounds.comment;

export function RequestForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { text } = useSignerText();
  const problemText = useFileProblemText();
  const create = useCreateSignRequest();
  const locale = languageLocales[currentLanguage()];
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const [isV1, setV1] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const hashing = useTransferMeter();
  const uploading = useTransferMeter();
  const cancelWork = useRef<(() => Promise<void>) | null>(null);
  const openPicker = useRef<() => void>(null);
  const isBusy = phase !== 'idle';
  const rateText = (values: { percent: number; rate: string }) => text('progress.rate', values);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFormError(null);
    const checked = await checkLocalFile(chosen);
    setFileError('problem' in checked && chosen ? problemText(checked.problem) : null);
  };

  const commentProblem = (value: string) => {
    const length = [...value.trim()].length;
    if (length < COMMENT_MIN) return text('form.commentRequired');
    if (length > COMMENT_MAX) return text('form.commentTooLong', { max: COMMENT_MAX });
    return null;
  };

  const reset = () => {
    setFile(null);
    setComment('');
    setV1(false);
    hashing.reset();
    uploading.reset();
  };

  const submit = async () => {
    setFormError(null);
    const checked = await checkLocalFile(file);
    const fileProblem = 'problem' in checked ? problemText(checked.problem) : null;
    const commentIssue = commentProblem(comment);
    setFileError(fileProblem);
    setCommentError(commentIssue);
    if (fileProblem || commentIssue || !file) return;
    setPhase('working');
    hashing.start(file.size);
    uploading.start(file.size);
    const hash = hashFile(file, hashing.update);
    const upload = uploadFile(file, 'signer-input', uploading.update);
    let isCancelled = false;
    cancelWork.current = async () => {
      isCancelled = true;
      hash.cancel();
      await upload.cancel();
    };
    try {
      const [sha256, uploadId] = await Promise.all([hash.done, upload.done]);
      if (isCancelled) return;
      setPhase('requesting');
      const created = await create.mutateAsync({
        upload_id: uploadId,
        sha256,
        comment: comment.trim(),
        v1: isV1,
      });
      toast(text('form.sent', { name: file.name }), 'success');
      reset();
      onCreated(created.id);
    } catch (error) {
      hash.cancel();
      if (isCancelled) return;
      const found = serverErrorOf(error, ['file', 'comment']);
      if (found?.field === 'file') setFileError(found.text);
      else if (found?.field === 'comment') setCommentError(found.text);
      else setFormError(found?.text ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      cancelWork.current = null;
      setPhase('idle');
    }
  };

  const cancel = async () => {
    await cancelWork.current?.();
    hashing.reset();
    uploading.reset();
    setPhase('idle');
    toast(text('form.cancelled'), 'info');
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="signer-form-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600} size="lg" id="signer-form-title" component="h2">
              {text('form.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {text('form.intro')}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Dropzone
              onDrop={(files) => void choose(files[0] ?? null)}
              multiple={false}
              disabled={isBusy}
              openRef={openPicker}
              activateOnClick={false}
              aria-label={text('form.dropLabel')}
              inputProps={{ 'aria-label': text('form.fileInput') }}
              radius="md"
              p="lg"
            >
              <Group justify="center" gap="lg" mih={96} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={40} stroke={1.5} />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} stroke={1.5} />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  {file ? (
                    <IconFileCheck size={40} stroke={1.5} />
                  ) : (
                    <IconUpload size={40} stroke={1.5} />
                  )}
                </Dropzone.Idle>
                <Stack gap={2}>
                  <Text size="md" fw={500}>
                    {file
                      ? text('form.chosen', {
                          name: file.name,
                          size: formatBytes(file.size, locale),
                        })
                      : text('form.dropTitle')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {text('form.dropHint')}
                  </Text>
                </Stack>
              </Group>
            </Dropzone>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => openPicker.current?.()}
                disabled={isBusy}
              >
                {text('form.select')}
              </Button>
              {file && !isBusy && (
                <Button variant="subtle" color="gray" size="xs" onClick={() => void choose(null)}>
                  {text('form.remove')}
                </Button>
              )}
            </Group>
            {fileError && (
              <Text size="sm" c="red" role="alert" data-testid="signer-file-error">
                {fileError}
              </Text>
            )}
          </Stack>
          <Textarea
            label={text('form.comment')}
            description={text('form.commentHint', { max: COMMENT_MAX })}
            placeholder={text('form.commentPlaceholder')}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setCommentError(null);
            }}
            error={commentError}
            autosize
            minRows={2}
            maxRows={5}
            required
            disabled={isBusy}
          />
          <Checkbox
            label={text('form.v1')}
            description={text('form.v1Hint')}
            checked={isV1}
            onChange={(event) => setV1(event.currentTarget.checked)}
            disabled={isBusy}
          />
          {isBusy && (
            <SendingProgress
              labels={{ hashing: text('progress.hashing'), uploading: text('progress.uploading') }}
              hashing={hashing.state}
              uploading={uploading.state}
              rateText={rateText}
              status={phase === 'requesting' ? text('progress.checking') : undefined}
            />
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            {isBusy && (
              <Button
                variant="default"
                onClick={() => void cancel()}
                disabled={phase === 'requesting'}
              >
                {text('form.cancel')}
              </Button>
            )}
            <Button type="submit" loading={isBusy} leftSection={<IconUpload size={16} />}>
              {text('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
