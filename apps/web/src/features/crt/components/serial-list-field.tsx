import { Autocomplete, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useCrtSerials } from '../api/get-crt-data';
import { parseSerialList } from '../utils/serial-list';
import { useCrtText } from './crt-text';

// Serial numbers of the company: one, picked from the company's list as one types, or a list
// typed, pasted or read from a CSV file (docs/crt.md#web).

export function OneSerialField({
  value,
  modelId,
  onChange,
  error,
  disabled,
}: {
  value: string;
  modelId: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const { text } = useCrtText();
  const [keyword] = useDebouncedValue(value.trim(), 250);
  const serials = useCrtSerials(keyword, modelId);
  return (
    <Autocomplete
      label={text('form.sn')}
      description={text('form.snHint')}
      placeholder={text('form.snPlaceholder')}
      data={(serials.data?.data ?? []).map((s) => s.sn)}
      value={value}
      onChange={(next) => onChange(next.toUpperCase())}
      error={error}
      disabled={disabled}
      withAsterisk
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function SerialListField({
  value,
  onChange,
  error,
  disabled,
  max,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
  max: number;
}) {
  const { text } = useCrtText();
  const parsed = parseSerialList(value);
  const readFile = async (file: File | null) => {
    if (file) onChange(await file.text());
  };
  return (
    <Stack gap={4}>
      <Textarea
        label={text('form.snList')}
        description={text('form.snListHint', { max })}
        placeholder={'T6000001\nT6000002'}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        autosize
        minRows={3}
        maxRows={10}
        withAsterisk
        disabled={disabled}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Group gap="sm">
        <FileButton onChange={(file) => void readFile(file)} accept=".csv,.txt,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              leftSection={<IconFileImport size={14} />}
              disabled={disabled}
            >
              {text('form.loadCsv')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" aria-live="polite">
          {text('form.snCount', { count: parsed.sns.length })}
        </Text>
      </Group>
    </Stack>
  );
}

/** What is wrong with a list before it is sent, or null. */
export function serialListProblem(
  value: string,
  max: number,
  text: TFunction<'crt'>,
): string | null {
  const parsed = parseSerialList(value);
  if (parsed.invalid.length > 0)
    return text('form.snInvalid', { list: parsed.invalid.slice(0, 5).join(', ') });
  if (parsed.duplicates.length > 0)
    return text('form.snDuplicate', { list: parsed.duplicates.slice(0, 5).join(', ') });
  if (parsed.sns.length === 0) return text('form.snRequired');
  if (parsed.sns.length > max) return text('form.snTooMany', { max, count: parsed.sns.length });
  return null;
}
