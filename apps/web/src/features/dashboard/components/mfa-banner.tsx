import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { deferMfaBanner, isMfaBannerDeferred } from '@/lib/mfa-prompt';

/** Account settings' two-step authentication section. */
const MFA_SECTION = 2;

/**
 * The MFA warning (docs/product.md#dashboard), shown while the account has no second factor. The link opens
 * account settings on section 2 with confirmMFA state; 'Later' clears the local flag and hides the
 * banner until the next sign-in on this device.
 */
export function MfaBanner() {
  const { t } = useTranslation();
  const [isDeferred, setDeferred] = useState(isMfaBannerDeferred);
  if (isDeferred) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldLock size={20} />}
      title={t('dashboard.mfaTitle')}
      role="status"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('dashboard.mfaBody')}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={() => {
              deferMfaBanner();
              setDeferred(true);
            }}
          >
            {t('dashboard.later')}
          </Button>
          <Button
            size="xs"
            component={Link}
            to={paths.app.accountSettings.getHref(MFA_SECTION)}
            state={{ confirmMFA: true }}
          >
            {t('dashboard.enableMfa')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
