import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const order: MantineColorScheme[] = ['light', 'dark', 'auto'];
const icons = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop };
const labelKeys = { light: 'theme.light', dark: 'theme.dark', auto: 'theme.system' };

/**
 * The sign-in screens' theme toggle (docs/product.md#signed-out): one button cycling the three. A plain
 * button keeps the popover machinery of the shell's theme menu out of the sign-in bundle.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const Icon = icons[colorScheme];
  const next = order[(order.indexOf(colorScheme) + 1) % order.length]!;
  const label = `${t('theme.label')}: ${t(labelKeys[colorScheme])}`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      <Icon size={18} stroke={1.6} />
    </ActionIcon>
  );
}
