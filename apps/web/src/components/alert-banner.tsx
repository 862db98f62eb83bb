import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { alertVariant } from '@tkc/contracts/alert-style';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/lib/use-countdown';

type AlertKind = 'success' | 'danger' | 'info' | 'warning';

type AlertBannerProps = {
  /** The style; without it, `statusCode` decides (docs/product.md#alert-style). */
  kind?: AlertKind;
  statusCode?: number;
  children: ReactNode;
  /** Seconds until the page redirects: adds 'Page will be redirected about N second.' */
  redirectSeconds?: number;
  title?: ReactNode;
  onClose?: () => void;
};

const colors: Record<AlertKind, string> = {
  success: 'teal',
  danger: 'red',
  info: 'blue',
  warning: 'yellow',
};
const icons = {
  success: IconCircleCheck,
  danger: IconAlertTriangle,
  info: IconInfoCircle,
  warning: IconAlertTriangle,
};

/** The alert banner (docs/product.md#alert-style): danger or success, maybe a redirect notice. */
export function AlertBanner({
  kind: givenKind,
  statusCode = 0,
  children,
  redirectSeconds,
  title,
  onClose,
}: AlertBannerProps) {
  const kind = givenKind ?? alertVariant(statusCode);
  const Icon = icons[kind];
  return (
    <Alert
      color={colors[kind]}
      variant="light"
      icon={<Icon size={20} />}
      title={title}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      role={kind === 'danger' ? 'alert' : 'status'}
      data-kind={kind}
    >
      {children}
      {redirectSeconds !== undefined && <RedirectNotice seconds={redirectSeconds} />}
    </Alert>
  );
}

function RedirectNotice({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const left = useCountdown(seconds);
  return <div>{t('alert.redirectNotice', { n: left })}</div>;
}
