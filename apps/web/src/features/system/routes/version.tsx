import { Anchor, Code, Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildInfo } from '@/config/build-info';
import { paths } from '@/config/paths';

/** /version (docs/product.md#system-pages): version, commit hash and build time, as JSON. */
export function VersionRoute() {
  const { t } = useTranslation();
  const json = JSON.stringify(
    { version: buildInfo.version, commit: buildInfo.commit, buildTime: buildInfo.buildTime },
    null,
    2,
  );
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('version.title')}
        </Title>
        <Code block data-testid="build-info">
          {json}
        </Code>
        <Anchor component={Link} to={paths.home.getHref()} size="sm">
          {t('errors.returnHome')}
        </Anchor>
      </Stack>
    </Container>
  );
}

export { VersionRoute as Component };
