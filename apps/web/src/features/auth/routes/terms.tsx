import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { TermsDocument } from '../components/terms-document';

/** Terms and conditions (docs/product.md#terms). */
export function TermsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <TermsDocument />
      <Group mt="xl">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => {
            if (window.history.length > 1) void navigate(-1);
            else void navigate(paths.auth.signIn.getHref());
          }}
        >
          {t('common.back')}
        </Button>
      </Group>
    </>
  );
}

export { TermsRoute as Component };
