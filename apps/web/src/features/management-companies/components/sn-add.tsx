import { Box, Button, Group, TextInput } from '@mantine/core';
import { IconBarcode, IconPlus } from '@tabler/icons-react';
import { snBody } from '@tkc/contracts/api/management';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { runAction } from '@/lib/run-action';
import { useManagementForm } from '@/lib/use-management-form';
import { useAddSerialNumber } from '../api/add-serial-number';

/** Adds one serial number to the company (its model comes from the prefix). */
export function SnAdd({ companyId }: { companyId: string }) {
  const { t } = useTranslation('management');
  const add = useAddSerialNumber();
  const form = useManagementForm({ schema: snBody, initialValues: { sn: '' } });
  const submit = form.submitHandler(async (values) => {
    try {
      await runAction(t('actions.addSn'), () =>
        add.mutateAsync({ companyId, sn: values.sn.trim().toUpperCase() }),
      );
      form.reset();
    } catch (error) {
      // The toast of runAction, and the refusal under the box until the number changes.
      form.showServerError(error);
    }
  });
  const input = form.getInputProps('sn');
  return (
    <form onSubmit={submit} noValidate>
      {form.formError && (
        <Box mb="sm">
          <AlertBanner kind="danger">{form.formError}</AlertBanner>
        </Box>
      )}
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={t('sn.fields.sn')}
          description={t('sn.snHint')}
          placeholder="AB12345678"
          leftSection={<IconBarcode size={16} stroke={1.6} />}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
          maxLength={32}
          {...input}
          onChange={(e) => form.setFieldValue('sn', e.currentTarget.value.toUpperCase())}
          // Typing is not an error yet; the check runs on submit or when leaving the box.
          error={form.values.sn === '' && form.submitCount === 0 ? undefined : input.error}
        />
        <Button
          type="submit"
          mt={46}
          leftSection={<IconPlus size={16} />}
          loading={form.isSubmitting}
        >
          {t('sn.add')}
        </Button>
      </Group>
    </form>
  );
}
