import { Select } from '@mantine/core';
import type { modelRow } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { useCapModels } from '../api/get-cap-models';
import { useCapText } from './cap-maker-text';

export type CapModel = z.infer<typeof modelRow>;

/** The terminal model a CAP is made for; its family bounds the app name. */
export function ModelSelect({
  id,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  description,
}: {
  id: string;
  value: string;
  onChange: (id: string, model: CapModel | null) => void;
  onBlur: () => void;
  error?: string;
  disabled: boolean;
  description?: string;
}) {
  const { text } = useCapText();
  const models = useCapModels();
  const list = models.data ?? [];
  return (
    <Select
      id={id}
      label={text('fields.model_id')}
      placeholder={models.isLoading ? text('form.loading') : text('form.modelPlaceholder')}
      description={description}
      data={list.map((m) => ({ value: m.id, label: m.name }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '', list.find((m) => m.id === next) ?? null)}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      searchable
      withAsterisk
      nothingFoundMessage={text('form.nothingFound')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
