import { Anchor, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildInfo } from '@/config/build-info';
import { paths } from '@/config/paths';
import { Logo } from './logo';

/** About the product: loaded only when the footer's About is pressed. */
export default function AboutModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={isOpen} onClose={onClose} title={t('footer.about')} centered radius="md">
      <Stack gap="sm">
        <Logo />
        <Title order={3} size="h5" fw={500}>
          {t('about.tagline')}
        </Title>
        <Text size="sm">{t('about.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('footer.version', { version: buildInfo.version })} ·{' '}
          <Anchor component={Link} to={paths.version.getHref()} size="sm" onClick={onClose}>
            {t('about.buildInfo')}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
