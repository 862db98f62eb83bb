import {
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  APP_NAME_MAX,
  MODEL_FAMILIES,
  modelBody,
  type modelRow,
} from '@tkc/contracts/api/management';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AlertBanner } from '@/components/alert-banner';
import { runAction } from '@/lib/run-action';
import { useManagementForm } from '@/lib/use-management-form';
import { useCreateModel } from '../api/create-model';
import { useUpdateModel } from '../api/update-model';

export type ModelRow = z.infer<typeof modelRow>;
type Family = (typeof MODEL_FAMILIES)[number];

type ModelFormModalProps = { isOpen: boolean; model: ModelRow | null; onClose: () => void };

/** Create or edit a supported model (platform owner): name, family, description, prefixes. */
export function ModelFormModal({ isOpen, model, onClose }: ModelFormModalProps) {
  const { t } = useTranslation('management');
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={model ? t('models.editTitle', { name: model.name }) : t('models.createTitle')}
      size="lg"
      radius="md"
      centered
    >
      {isOpen && <ModelForm key={model?.id ?? 'new'} model={model} onDone={onClose} />}
    </Modal>
  );
}

function ModelForm({ model, onDone }: { model: ModelRow | null; onDone: () => void }) {
  const { t } = useTranslation('management');
  const create = useCreateModel();
  const update = useUpdateModel();
  const form = useManagementForm({
    schema: modelBody,
    initialValues: {
      name: model?.name ?? '',
      family: (model?.family ?? 'newer') as Family,
      description: model?.description ?? '',
      prefixes: model?.prefixes ?? ([] as string[]),
    },
  });

  const submit = form.submitHandler(async (values) => {
    const body = { ...values, name: values.name.trim(), description: values.description.trim() };
    try {
      if (model) {
        await runAction(t('actions.updateModel'), () =>
          update.mutateAsync({ id: model.id, patch: body }),
        );
      } else {
        await runAction(t('actions.createModel'), () => create.mutateAsync(body));
      }
      onDone();
    } catch (error) {
      // The toast of runAction, and the form stays open with the error where it belongs.
      form.showServerError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.formError && <AlertBanner kind="danger">{form.formError}</AlertBanner>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('models.fields.name')}
            withAsterisk
            data-autofocus
            maxLength={64}
            {...form.getInputProps('name')}
          />
          <Input.Wrapper
            label={t('models.fields.family')}
            withAsterisk
            description={t('models.appNameLimit', { n: APP_NAME_MAX[form.values.family] })}
          >
            <SegmentedControl
              fullWidth
              mt={4}
              value={form.values.family}
              onChange={(family) => form.setFieldValue('family', family as Family)}
              data={MODEL_FAMILIES.map((f) => ({ value: f, label: t(`models.family.${f}`) }))}
            />
          </Input.Wrapper>
        </SimpleGrid>
        <Textarea
          label={t('models.fields.description')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={255}
          {...form.getInputProps('description')}
        />
        <TagsInput
          label={t('models.fields.prefixes')}
          description={t('models.prefixesHint')}
          placeholder={form.values.prefixes.length === 0 ? t('models.prefixesPlaceholder') : ''}
          splitChars={[',', ' ', ';']}
          clearable
          value={form.values.prefixes}
          onChange={(prefixes) =>
            form.setFieldValue('prefixes', [
              ...new Set(prefixes.map((p) => p.trim().toUpperCase()).filter(Boolean)),
            ])
          }
          onBlur={() => form.setFieldTouched('prefixes')}
          error={form.errorOf('prefixes')}
          styles={{ pill: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {model ? t('common.save') : t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
