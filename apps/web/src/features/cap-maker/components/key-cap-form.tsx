import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconKey, IconUpload } from '@tabler/icons-react';
import type { KeySource } from '@tkc/contracts/api/cap';
import { textBounds } from '@tkc/contracts/forms';
import { useState } from 'react';
import { CompanySelect } from '@/components/company-select';
import { toast } from '@/lib/notify';
import { useCreateKeyCap } from '../api/create-key-cap';
import { useCapForm } from '../hooks/use-cap-form';
import {
  emptyHeader,
  type KeyValues,
  keyCapBody,
  keyProblems,
  PUBLIC_KEY_MAX,
  publicKeyText,
} from '../utils/cap-form-rules';
import { useCapText } from './cap-maker-text';
import { HeaderFields } from './header-fields';
import { ModelSelect } from './model-select';

// Make a Key CAP (docs/cap-maker.md#key): the model, the header, the key name and where the new
// signing key comes from. Internal: the platform makes and keeps it. External: the company
// pastes or uploads its own public key (PEM, or DER sent as base64) and keeps the private key.

export function KeyCapForm({
  canChooseCompany,
  keySources,
}: {
  canChooseCompany: boolean;
  keySources: KeySource[];
}) {
  const { text } = useCapText();
  const create = useCreateKeyCap();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const initial: KeyValues = {
    ...emptyHeader,
    model_id: '',
    key_name: '',
    key_source: keySources[0] ?? 'internal',
    signing_public_key: '',
  };
  const form = useCapForm(initial, keyProblems);
  const { values } = form;

  const readKeyFile = async (file: File | null) => {
    if (!file) return;
    form.set('signing_public_key', publicKeyText(new Uint8Array(await file.arrayBuffer())));
    form.touch('signing_public_key');
  };

  const submit = async () => {
    if (!form.check()) return;
    setBusy(true);
    try {
      const created = await create.mutateAsync(keyCapBody(values, companyId));
      toast(text('key.made', { name: created.label }), 'success');
      form.reset({ ...initial, key_source: values.key_source });
    } catch (error) {
      form.showError(error, Object.keys(values));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cap-key-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600} size="lg" id="cap-key-title" component="h2">
              {text('key.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {text('key.intro')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {canChooseCompany && (
              <CompanySelect
                label={text('fields.company_id')}
                description={text('hints.companyId')}
                placeholder={text('form.ownCompany')}
                value={companyId}
                onChange={(id) => setCompanyId(id)}
                disabled={isBusy}
              />
            )}
            <ModelSelect
              id="cap-key-model"
              value={values.model_id}
              onChange={(id) => form.set('model_id', id)}
              onBlur={() => form.touch('model_id')}
              error={form.errorOf('model_id')}
              disabled={isBusy}
            />
            <TextInput
              id="cap-key-key-name"
              label={text('fields.key_name')}
              description={text('hints.between', {
                min: textBounds.keyName[0],
                max: textBounds.keyName[1],
              })}
              value={values.key_name}
              onChange={(event) => form.set('key_name', event.currentTarget.value)}
              onBlur={() => form.touch('key_name')}
              error={form.errorOf('key_name')}
              maxLength={textBounds.keyName[1]}
              disabled={isBusy}
              withAsterisk
            />
          </SimpleGrid>
          <Radio.Group
            label={text('fields.key_source')}
            description={text(`hints.keySource.${values.key_source}`)}
            value={values.key_source}
            onChange={(value) => form.set('key_source', value as KeySource)}
            error={form.errorOf('key_source')}
            withAsterisk
          >
            <Group gap="lg" mt={6}>
              {keySources.map((source) => (
                <Radio
                  key={source}
                  value={source}
                  label={text(`keySources.${source}`)}
                  disabled={isBusy}
                />
              ))}
            </Group>
          </Radio.Group>
          {values.key_source === 'external' && (
            <Stack gap="xs">
              <Textarea
                id="cap-key-public-key"
                label={text('fields.signing_public_key')}
                description={text('hints.publicKey')}
                placeholder="-----BEGIN PUBLIC KEY-----"
                value={values.signing_public_key}
                onChange={(event) => form.set('signing_public_key', event.currentTarget.value)}
                onBlur={() => form.touch('signing_public_key')}
                error={form.errorOf('signing_public_key')}
                maxLength={PUBLIC_KEY_MAX}
                autosize
                minRows={4}
                maxRows={10}
                ff="monospace"
                disabled={isBusy}
                withAsterisk
              />
              <Group>
                <FileButton
                  onChange={(file) => void readKeyFile(file)}
                  accept=".pem,.der,.pub,.key,application/x-pem-file"
                  disabled={isBusy}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      size="xs"
                      leftSection={<IconUpload size={14} />}
                    >
                      {text('key.uploadPublicKey')}
                    </Button>
                  )}
                </FileButton>
              </Group>
            </Stack>
          )}
          <HeaderFields
            idPrefix="cap-key"
            values={values}
            onChange={form.patch}
            onBlur={form.touch}
            errorOf={form.errorOf}
            disabled={isBusy}
          />
          {form.formError && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={isBusy} leftSection={<IconKey size={16} />}>
              {text('key.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
