import {
  Button,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import {
  COUNTER_RESET_DAILY,
  COUNTER_RESET_WEEKLY,
  DEFAULT_COUNTER_RESET,
} from '@tkc/contracts/constants';
import { profileForm } from '@tkc/contracts/forms';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import {
  changeLanguage,
  isLanguageCode,
  type LanguageCode,
  languageCodes,
  languageNames,
} from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { timeZoneOptions } from '@/lib/time-zones';
import { useForm } from '@/lib/use-form';
import { useUpdateProfile } from '../api/update-profile';
import { errorText } from './error-text';
import { SectionCard } from './section-card';

type ProfileValues = {
  first_name: string;
  last_name: string;
  telephone: string;
  timezone: string;
  address: string;
  language: LanguageCode;
  counter_reset: string;
};

const valuesOf = (user: CurrentUser): ProfileValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  telephone: user.telephone,
  timezone: user.timezone,
  address: user.address,
  language: isLanguageCode(user.language) ? user.language : 'en',
  counter_reset: String(user.counter_reset ?? DEFAULT_COUNTER_RESET),
});

/** Section 1: the editable profile (names, telephone, zone, address, language, digest). */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const initial = useMemo(() => valuesOf(user), [user]);
  const form = useForm<ProfileValues>({ schema: profileForm, initialValues: initial });
  const zones = useMemo(() => timeZoneOptions([user.timezone]), [user.timezone]);
  const isChanged = (Object.keys(initial) as (keyof ProfileValues)[]).some(
    (key) => form.values[key].trim() !== initial[key],
  );
  const dash = (value: string) => value || '-';

  const submit = form.submitHandler(async (v) => {
    setError(null);
    try {
      const saved = await update.mutateAsync({
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        telephone: v.telephone.trim(),
        timezone: v.timezone,
        address: v.address.trim(),
        language: v.language,
        counter_reset: v.counter_reset === String(COUNTER_RESET_DAILY) ? 0 : 1,
      });
      form.reset(valuesOf(saved));
      // The account's language is also the console's: switch now, as the language menu does.
      if (isLanguageCode(saved.language)) await changeLanguage(saved.language);
      toast(t('profile.saved'), 'success');
    } catch (e) {
      setError(errorText(e, t));
    }
  });

  return (
    <SectionCard
      icon={<IconUserCircle size={24} />}
      title={t('profile.title')}
      description={t('profile.description')}
    >
      <form onSubmit={submit} noValidate aria-label={t('profile.title')}>
        <Stack gap="md">
          {error && <AlertBanner kind="danger">{error}</AlertBanner>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={t('translation:fields.firstName')}
              autoComplete="given-name"
              withAsterisk
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('translation:fields.lastName')}
              autoComplete="family-name"
              withAsterisk
              {...form.getInputProps('last_name')}
            />
            <TextInput
              label={t('translation:fields.email')}
              value={dash(user.email)}
              readOnly
              variant="filled"
              description={t('profile.emailFixed')}
            />
            <TextInput
              label={t('translation:fields.company')}
              value={dash(user.company)}
              readOnly
              variant="filled"
            />
            <TextInput
              label={t('translation:fields.telephone')}
              type="tel"
              autoComplete="tel"
              withAsterisk
              {...form.getInputProps('telephone')}
            />
            <Select
              label={t('translation:fields.timeZone')}
              data={zones}
              searchable
              withAsterisk
              allowDeselect={false}
              nothingFoundMessage={t('translation:common.nothingFound')}
              value={form.values.timezone}
              onChange={(value) => form.setFieldValue('timezone', value ?? '')}
              onBlur={() => form.setFieldTouched('timezone')}
              error={form.errorOf('timezone')}
            />
          </SimpleGrid>
          <Textarea
            label={t('translation:fields.address')}
            autoComplete="street-address"
            autosize
            minRows={2}
            maxRows={4}
            {...form.getInputProps('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Select
              label={t('profile.language')}
              description={t('profile.languageHint')}
              data={languageCodes.map((lng) => ({ value: lng, label: languageNames[lng] }))}
              allowDeselect={false}
              value={form.values.language}
              onChange={(value) => {
                if (isLanguageCode(value)) form.setFieldValue('language', value);
              }}
            />
            <Radio.Group
              label={t('profile.digest')}
              description={t('profile.digestHint')}
              value={form.values.counter_reset}
              onChange={(value) => form.setFieldValue('counter_reset', value)}
            >
              <Group gap="lg" mt={8}>
                <Radio value={String(COUNTER_RESET_DAILY)} label={t('profile.daily')} />
                <Radio value={String(COUNTER_RESET_WEEKLY)} label={t('profile.weekly')} />
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <Group justify="space-between" gap="sm" mt="xs">
            <Text size="xs" c="dimmed">
              {t('profile.required')}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                disabled={!isChanged || form.isSubmitting}
                onClick={() => {
                  setError(null);
                  form.reset(initial);
                }}
              >
                {t('common.reset')}
              </Button>
              <Button
                type="submit"
                loading={form.isSubmitting}
                disabled={!isChanged || form.isSubmitting}
              >
                {t('profile.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
