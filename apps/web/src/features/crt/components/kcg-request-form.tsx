import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { KCG_MAX_TERMINALS } from '@tkc/contracts/api/crt';
import { textBounds } from '@tkc/contracts/forms';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { serverErrorOf } from '@/lib/use-management-form';
import { useCreateKcgRequest } from '../api/crt-writes';
import { useCrtData } from '../api/get-crt-data';
import { parseSerialList } from '../utils/serial-list';
import { useCrtText } from './crt-text';
import { CommentField, commentProblem, DataFailed, ModelField, RefreshModels } from './data-fields';
import { SerialListField, serialListProblem } from './serial-list-field';

// The Key Certificate Group request (docs/crt.md#web): a name, a model, and either every
// terminal of the company of that model or a list; one CAP then carries the whole group.

type Field = 'name' | 'sns' | 'model_id' | 'comment' | 'form';
type Errors = Record<Field, string | null>;
const NO_ERRORS: Errors = { name: null, sns: null, model_id: null, comment: null, form: null };
const [NAME_MIN, NAME_MAX] = textBounds.keyName;

export function KcgRequestForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { text } = useCrtText();
  const data = useCrtData();
  const create = useCreateKcgRequest();
  const [name, setName] = useState('');
  const [modelId, setModelId] = useState('');
  const [selection, setSelection] = useState<'model' | 'list'>('model');
  const [list, setList] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [isStale, setStale] = useState(false);
  const isBusy = create.isPending;

  if (data.isError) return <DataFailed data={data} />;
  const model = data.data?.models.find((m) => m.id === modelId);

  const submit = async () => {
    const nameLength = [...name.trim()].length;
    const next: Errors = {
      name:
        nameLength < NAME_MIN || nameLength > NAME_MAX
          ? text('kcg.nameBounds', { min: NAME_MIN, max: NAME_MAX })
          : null,
      sns: selection === 'list' ? serialListProblem(list, KCG_MAX_TERMINALS, text) : null,
      model_id: modelId ? null : text('form.modelRequired'),
      comment: commentProblem(comment, text),
      form: null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !data.data) return;
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        model_id: modelId,
        models_version: data.data.models_version,
        selection,
        sns: selection === 'list' ? parseSerialList(list).sns : [],
        comment: comment.trim(),
      });
      toast(text('form.sent', { name: created.label }), 'success');
      setName('');
      setList('');
      setComment('');
      onCreated(created.id);
    } catch (error) {
      setStale(isApiError(error) && error.errorCode === 'crt.models_changed');
      const found = serverErrorOf(error, ['name', 'sns', 'model_id', 'comment']);
      if (found) setErrors({ ...NO_ERRORS, [found.field ?? 'form']: found.text });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="kcg-form-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600} size="lg" id="kcg-form-title" component="h2">
              {text('kcg.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {text('kcg.intro', { max: KCG_MAX_TERMINALS })}
            </Text>
          </Stack>
          <TextInput
            label={text('kcg.name')}
            description={text('kcg.nameHint', { min: NAME_MIN, max: NAME_MAX })}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            withAsterisk
            disabled={isBusy}
          />
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
          <Radio.Group
            label={text('kcg.selection')}
            value={selection}
            onChange={(value) => setSelection(value as 'model' | 'list')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="model"
                disabled={isBusy}
                label={
                  model
                    ? text('kcg.byModelCount', { name: model.name, count: model.serial_count })
                    : text('kcg.byModel')
                }
              />
              <Radio value="list" disabled={isBusy} label={text('kcg.byList')} />
            </Stack>
          </Radio.Group>
          {selection === 'list' && (
            <SerialListField
              value={list}
              onChange={setList}
              error={errors.sns}
              disabled={isBusy}
              max={KCG_MAX_TERMINALS}
            />
          )}
          {selection === 'model' && errors.sns && (
            <Text size="sm" c="red" role="alert">
              {errors.sns}
            </Text>
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
              {text('kcg.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
