import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconMail } from '@tabler/icons-react';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import type { RoleCode } from '@tkc/contracts/access/roles';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import { inviteBody } from '@tkc/contracts/api/management';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { CompanySelect } from '@/components/company-select';
import { subjectOf } from '@/lib/access';
import type { CompanyOption } from '@/lib/company-options';
import { useFeatureFlags } from '@/lib/feature-flags';
import { currentLanguage, type LanguageCode, languageCodes, languageNames } from '@/lib/i18n';
import { runAction } from '@/lib/run-action';
import { useManagementForm } from '@/lib/use-management-form';
import { useCompanyLicences } from '../api/get-company-licences';
import { useInviteUser } from '../api/invite-user';
import { RoleEditor } from './role-editor';

type InviteModalProps = {
  isOpen: boolean;
  onClose: () => void;
  user: CurrentUser;
  /** The company chosen in the list's filter (global admins), preselected here. */
  companyId: string | null;
};

/** Invite a user (docs/product.md#roles): e-mail, company and roles; the server mails the link. */
export function InviteModal({ isOpen, onClose, user, companyId }: InviteModalProps) {
  const { t } = useTranslation('management');
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={t('users.inviteTitle')}
      size="xl"
      radius="md"
      centered
    >
      {isOpen && <InviteForm user={user} companyId={companyId} onDone={onClose} />}
    </Modal>
  );
}

function InviteForm({
  user,
  companyId,
  onDone,
}: {
  user: CurrentUser;
  companyId: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('management');
  const subject = subjectOf(user, useFeatureFlags().data);
  const isGlobal = scopeOf(subject, 'user.edit') === 'all';
  const invite = useInviteUser();
  const form = useManagementForm({
    schema: inviteBody,
    initialValues: {
      email: '',
      company_id: isGlobal ? (companyId ?? '') : user.company_id,
      roles: [] as RoleCode[],
      lang: currentLanguage() as LanguageCode,
    },
  });
  const [picked, setPicked] = useState<CompanyOption | null>(null);
  // The list's company filter can land just after the dialog opened (the address changes in a
  // transition): it is taken then, unless a company was already picked here.
  const isCompanyPicked = useRef(false);
  const { setFieldValue } = form;
  useEffect(() => {
    if (isGlobal && companyId && !isCompanyPicked.current) setFieldValue('company_id', companyId);
  }, [isGlobal, companyId, setFieldValue]);
  const licences = useCompanyLicences(form.values.company_id || null, true);
  const company = licences.data ?? picked;
  const isPlatformCompany = isGlobal
    ? (company?.is_platform ?? false)
    : user.company_code === subject.platformCode;

  const submit = form.submitHandler(async (values) => {
    // Platform roles only where they may be given (a changed company may have left some behind).
    const roles = isPlatformCompany
      ? values.roles
      : values.roles.filter((r) => r !== 'plf-admin' && r !== 'plf-owner');
    try {
      await runAction(t('actions.invite'), () =>
        invite.mutateAsync({ ...values, email: values.email.trim(), roles }),
      );
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
        <Group grow align="flex-start">
          <TextInput
            label={t('users.fields.email')}
            withAsterisk
            data-autofocus
            type="email"
            leftSection={<IconMail size={16} stroke={1.6} />}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          {isGlobal ? (
            <CompanySelect
              label={t('users.fields.company')}
              withAsterisk
              clearable={false}
              placeholder={t('users.chooseCompany')}
              value={form.values.company_id || null}
              onChange={(id, option) => {
                isCompanyPicked.current = true;
                form.setFieldValue('company_id', id ?? '');
                form.setFieldTouched('company_id');
                setPicked(option);
              }}
              error={form.errorOf('company_id')}
            />
          ) : (
            <TextInput
              label={t('users.fields.company')}
              value={user.company}
              readOnly
              error={form.errorOf('company_id')}
            />
          )}
        </Group>
        <Select
          label={t('users.fields.language')}
          description={t('users.languageHint')}
          data={languageCodes.map((code) => ({ value: code, label: languageNames[code] }))}
          value={form.values.lang}
          onChange={(lang) => lang && form.setFieldValue('lang', lang as LanguageCode)}
          allowDeselect={false}
          w={{ base: '100%', sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
        />
        <RoleEditor
          value={form.values.roles}
          onChange={(roles) => form.setFieldValue('roles', roles)}
          licences={licences.data?.licences}
          isLicensed={!isPlatformCompany}
          canGrantPlatformAdmin={isGlobal && isPlatformCompany}
          canGrantPlatformOwner={can(subject, 'platformOwner.edit') && isPlatformCompany}
          error={form.errorOf('roles')}
          errorGroup={form.serverError?.params.group?.toString()}
        />
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">{t('users.inviteHint')}</Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.isSubmitting} leftSection={<IconMail size={16} />}>
            {t('users.sendInvitation')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
