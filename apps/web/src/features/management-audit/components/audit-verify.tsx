import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconLink, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tableAlertOf } from '@/lib/table-alert';
import { useVerifyAudit } from '../api/verify-audit';

const REASON_KEYS: Record<string, string> = {
  'previous hash does not match': 'audit.verify.reasonLink',
  'content does not match its hash': 'audit.verify.reasonContent',
};

/** The audit chain's verdict (docs/security.md#audit-chain): intact with its length, or its break. */
export function AuditVerify() {
  const { t, i18n } = useTranslation('management');
  const verify = useVerifyAudit();
  const recheck = (
    <Button
      size="xs"
      variant="subtle"
      color="gray"
      leftSection={<IconRefresh size={14} />}
      onClick={() => void verify.refetch()}
      loading={verify.isFetching}
    >
      {t('audit.verify.again')}
    </Button>
  );

  if (verify.isPending) {
    return (
      <Alert variant="light" color="gray" icon={<Loader size={16} />}>
        {t('audit.verify.checking')}
      </Alert>
    );
  }
  if (verify.isError) {
    const alert = tableAlertOf(verify.error);
    return (
      <Alert variant="light" color="red" icon={<IconLinkOff size={18} />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            <Heading />
            {t('audit.verify.failed', { reason: alert?.tableStatusText ?? '' })}
          </Text>
          {recheck}
        </Group>
      </Alert>
    );
  }
  const verdict = verify.data;
  const count = verdict.count.toLocaleString(i18n.language);
  if (verdict.is_valid) {
    return (
      <Alert variant="light" color="teal" icon={<IconLink size={18} />} data-testid="audit-chain">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            <Heading />
            {t('audit.verify.valid', { n: count })}
          </Text>
          {recheck}
        </Group>
      </Alert>
    );
  }
  const reasonKey = verdict.reason ? REASON_KEYS[verdict.reason] : undefined;
  return (
    <Alert
      variant="light"
      color="red"
      icon={<IconLinkOff size={18} />}
      role="alert"
      data-testid="audit-chain"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          <Heading />
          {t('audit.verify.broken', { id: verdict.broken_id ?? '?', n: count })}{' '}
          {reasonKey ? t(reasonKey) : verdict.reason}
        </Text>
        {recheck}
      </Group>
    </Alert>
  );
}

function Heading() {
  const { t } = useTranslation('management');
  return (
    <Text span fw={700} mr={8}>
      {t('audit.verify.title')}
    </Text>
  );
}
