import {
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type CompanyRow, LICENCE_FEATURES } from '@tkc/contracts/api/management';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { DateField } from '@/components/date-field';
import { runAction } from '@/lib/run-action';
import { useManagementForm } from '@/lib/use-management-form';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';
import { companyForm } from './company-form-schema';

// Create and edit a company: code, name, contact, licences per feature group, and the
// trial or production tier with its end date (empty: open-ended).

type CompanyFormValues = {
  code: string;
  name: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  licences: Record<string, number>;
  tier: 'trial' | 'production';
  tier_ends_at: string;
};

const valuesOf = (company: CompanyRow | null): CompanyFormValues => ({
  code: company?.code ?? '',
  name: company?.name ?? '',
  contact_email: company?.contact_email ?? '',
  contact_phone: company?.contact_phone ?? '',
  address: company?.address ?? '',
  licences: Object.fromEntries(LICENCE_FEATURES.map((f) => [f, company?.licences[f]?.total ?? 0])),
  tier: company?.tier ?? 'trial',
  tier_ends_at: company?.tier_ends_at ?? '',
});

type CompanyFormModalProps = {
  isOpen: boolean;
  /** The company to edit; null creates one. */
  company: CompanyRow | null;
  onClose: () => void;
};

export function CompanyFormModal({ isOpen, company, onClose }: CompanyFormModalProps) {
  const { t } = useTranslation('management');
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={
        company ? t('companies.editTitle', { code: company.code }) : t('companies.createTitle')
      }
      size="lg"
      radius="md"
      centered
    >
      {isOpen && <CompanyForm key={company?.id ?? 'new'} company={company} onDone={onClose} />}
    </Modal>
  );
}

function CompanyForm({ company, onDone }: { company: CompanyRow | null; onDone: () => void }) {
  const { t } = useTranslation('management');
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const form = useManagementForm({ schema: companyForm, initialValues: valuesOf(company) });
  const isPlatform = company?.is_platform ?? false;

  const submit = form.submitHandler(async (values) => {
    const body = {
      ...values,
      code: values.code.trim(),
      tier_ends_at: values.tier_ends_at === '' ? null : values.tier_ends_at,
    };
    try {
      if (company) {
        await runAction(t('actions.updateCompany'), () =>
          update.mutateAsync({ id: company.id, patch: body }),
        );
      } else {
        await runAction(t('actions.createCompany'), () => create.mutateAsync(body));
      }
      onDone();
    } catch (error) {
      // The toast of runAction, and the form stays open with the error where it belongs.
      form.showServerError(error);
    }
  });

  const setLicence = (feature: string, value: number | string) =>
    form.setFieldValue('licences', {
      ...form.values.licences,
      [feature]: typeof value === 'number' ? value : Number(value) || 0,
    });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.formError && <AlertBanner kind="danger">{form.formError}</AlertBanner>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('companies.fields.code')}
            description={isPlatform ? t('companies.platformCode') : t('companies.codeHint')}
            withAsterisk
            data-autofocus
            readOnly={isPlatform}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('code')}
            onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label={t('companies.fields.name')}
            description={t('companies.nameHint')}
            withAsterisk
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('companies.fields.contactEmail')}
            type="email"
            {...form.getInputProps('contact_email')}
          />
          <TextInput
            label={t('companies.fields.contactPhone')}
            type="tel"
            {...form.getInputProps('contact_phone')}
          />
        </SimpleGrid>
        <Textarea
          label={t('companies.fields.address')}
          autosize
          minRows={2}
          maxRows={4}
          {...form.getInputProps('address')}
        />

        <Input.Wrapper
          label={t('companies.fields.licences')}
          description={isPlatform ? t('companies.platformLicences') : t('companies.licencesHint')}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt={6}>
            {LICENCE_FEATURES.map((feature) => (
              <NumberInput
                key={feature}
                label={t(`roleGroups.${feature}`)}
                min={0}
                max={100_000}
                allowDecimal={false}
                allowNegative={false}
                value={form.values.licences[feature] ?? 0}
                onChange={(v) => setLicence(feature, v)}
                error={form.errorOf('licences') ? ' ' : undefined}
              />
            ))}
          </SimpleGrid>
          {form.errorOf('licences') && (
            <Text size="xs" c="red" mt={4}>
              {form.errorOf('licences')}
            </Text>
          )}
        </Input.Wrapper>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Input.Wrapper label={t('companies.fields.tier')}>
            <SegmentedControl
              fullWidth
              mt={4}
              value={form.values.tier}
              onChange={(tier) => form.setFieldValue('tier', tier as CompanyFormValues['tier'])}
              data={[
                { value: 'trial', label: t('companies.tier.trial') },
                { value: 'production', label: t('companies.tier.production') },
              ]}
            />
          </Input.Wrapper>
          <DateField
            label={t('companies.fields.tierEnds')}
            description={t('companies.tierEndsHint')}
            value={form.values.tier_ends_at}
            onChange={(value) => form.setFieldValue('tier_ends_at', value)}
            error={form.errors.tier_ends_at}
          />
        </SimpleGrid>

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.isSubmitting}>
            {company ? t('common.save') : t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
