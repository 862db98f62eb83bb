import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { CRT_MAX_SERIALS } from '@tkc/contracts/api/crt';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { serverErrorOf } from '@/lib/use-management-form';
import { useCreateCrtRequest } from '../api/crt-writes';
import { useCrtData } from '../api/get-crt-data';
import { parseSerialList } from '../utils/serial-list';
import { useCrtText } from './crt-text';
import { CommentField, commentProblem, DataFailed, ModelField, RefreshModels } from './data-fields';
import { OneSerialField, SerialListField, serialListProblem } from './serial-list-field';

// The Certificate CAP request (docs/crt.md#web): a terminal of the company (or a list), its
// model, a comment. A manager of the company approves; each terminal then gets its own CAP.

type Errors = {
  sns: string | null;
  model_id: string | null;
  comment: string | null;
  form: string | null;
};
const NO_ERRORS: Errors = { sns: null, model_id: null, comment: null, form: null };

export function CrtRequestForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { text } = useCrtText();
  const data = useCrtData();
  const create = useCreateCrtRequest();
  const [mode, setMode] = useState<'one' | 'list'>('one');
  const [one, setOne] = useState('');
  const [list, setList] = useState('');
  const [modelId, setModelId] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [isStale, setStale] = useState(false);
  const isBusy = create.isPending;

  if (data.isError) return <DataFailed data={data} />;

  const submit = async () => {
    const sns = mode === 'one' ? parseSerialList(one).sns.slice(0, 1) : parseSerialList(list).sns;
    const next: Errors = {
      sns:
        mode === 'one'
          ? sns.length
            ? null
            : text('form.snRequired')
          : serialListProblem(list, CRT_MAX_SERIALS, text),
      model_id: modelId ? null : text('form.modelRequired'),
      comment: commentProblem(comment, text),
      form: null,
    };
    setErrors(next);
    if (next.sns || next.model_id || next.comment || !data.data) return;
    try {
      const created = await create.mutateAsync({
        sns,
        model_id: modelId,
        models_version: data.data.models_version,
        comment: comment.trim(),
      });
      toast(text('form.sent', { name: created.label }), 'success');
      setOne('');
      setList('');
      setComment('');
      onCreated(created.id);
    } catch (error) {
      setStale(isApiError(error) && error.errorCode === 'crt.models_changed');
      const found = serverErrorOf(error, ['sns', 'model_id', 'comment']);
      if (!found) return;
      setErrors({ ...NO_ERRORS, [found.field ?? 'form']: found.text });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="crt-form-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600} size="lg" id="crt-form-title" component="h2">
              {text('form.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {text('form.intro')}
            </Text>
          </Stack>
          {data.data && (
            <ModelField
              data={data.data}
              value={modelId}
              onChange={(id) => {
                setModelId(id);
                setStale(false);
                setErrors((e) => ({ ...e, model_id: null }));
              }}
              error={errors.model_id}
              disabled={isBusy}
            />
          )}
          {isStale && (
            <RefreshModels
              isBusy={data.isFetching}
              onRefresh={() => {
                setStale(false);
                setErrors(NO_ERRORS);
                void data.refetch();
              }}
            />
          )}
          <SegmentedControl
            aria-label={text('form.snMode')}
            value={mode}
            onChange={(value) => setMode(value as 'one' | 'list')}
            data={[
              { value: 'one', label: text('form.modeOne') },
              { value: 'list', label: text('form.modeList') },
            ]}
            disabled={isBusy}
          />
          {mode === 'one' ? (
            <OneSerialField
              value={one}
              modelId={modelId}
              onChange={setOne}
              error={errors.sns}
              disabled={isBusy}
            />
          ) : (
            <SerialListField
              value={list}
              onChange={setList}
              error={errors.sns}
              disabled={isBusy}
              max={CRT_MAX_SERIALS}
            />
          )}
          <CommentField
            value={comment}
            onChange={setComment}
            error={errors.comment}
            disabled={isBusy}
          />
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={isBusy} disabled={!data.data}>
              {text('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
