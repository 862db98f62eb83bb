import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CrtData } from '@tkc/contracts/api/crt';
import { textBounds } from '@tkc/contracts/forms';
import type { TFunction } from 'i18next';
import { useCrtText } from './crt-text';

// Parts both request forms share: the company data they are filled from (with the product's
// 'CRT Data failed to retrieve.' when it cannot be read), the model, the comment.

const [COMMENT_MIN, COMMENT_MAX] = textBounds.comment;

export function commentProblem(value: string, text: TFunction<'crt'>) {
  const length = [...value.trim()].length;
  if (length < COMMENT_MIN) return text('form.commentRequired');
  if (length > COMMENT_MAX) return text('form.commentTooLong', { max: COMMENT_MAX });
  return null;
}

/** The data failed: the product's words and a way to try again. */
export function DataFailed({ data }: { data: UseQueryResult<CrtData> }) {
  const { text } = useCrtText();
  return (
    <Alert color="red" variant="light" role="alert" title={text('data.failed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text('data.failedHint')}</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void data.refetch()}
          loading={data.isFetching}
        >
          {text('data.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function ModelField({
  data,
  value,
  onChange,
  error,
  disabled,
}: {
  data: CrtData;
  value: string;
  onChange: (id: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const { text } = useCrtText();
  return (
    <Select
      label={text('form.model')}
      description={text('form.modelHint')}
      placeholder={text('form.modelPlaceholder')}
      data={data.models.map((m) => ({
        value: m.id,
        label: text('form.modelOption', { name: m.name, count: m.serial_count }),
      }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      disabled={disabled}
      searchable
      withAsterisk
      nothingFoundMessage={text('form.nothingFound')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The server said the model list changed: its words, and a refresh of the data. */
export function RefreshModels({ onRefresh, isBusy }: { onRefresh: () => void; isBusy: boolean }) {
  const { text } = useCrtText();
  return (
    <Group>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={onRefresh}
        loading={isBusy}
      >
        {text('form.refreshModels')}
      </Button>
    </Group>
  );
}

export function CommentField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const { text } = useCrtText();
  return (
    <Textarea
      label={text('form.comment')}
      description={text('form.commentHint', { max: COMMENT_MAX })}
      placeholder={text('form.commentPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autosize
      minRows={2}
      withAsterisk
      disabled={disabled}
    />
  );
}
