import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth';

/** /logout (docs/product.md#system-pages): signs out through the API, then reloads /auth/login. */
export function LogoutRoute() {
  const { t } = useTranslation();
  useEffect(() => {
    let isCancelled = false;
    void logout().then(() => {
      if (!isCancelled) window.location.replace(paths.auth.login.getHref());
    });
    return () => {
      isCancelled = true;
    };
  }, []);
  return <LoadingScreen label={t('shell.signingOut')} />;
}

export { LogoutRoute as Component };
