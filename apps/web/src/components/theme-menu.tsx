import {
  ActionIcon,
  type MantineColorScheme,
  Menu,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const options: { value: MantineColorScheme; labelKey: string; Icon: typeof IconSun }[] = [
  { value: 'light', labelKey: 'theme.light', Icon: IconSun },
  { value: 'dark', labelKey: 'theme.dark', Icon: IconMoon },
  { value: 'auto', labelKey: 'theme.system', Icon: IconDeviceDesktop },
];

/** Light / Dark / System (docs/product.md#preferences); Mantine keeps it in local storage. */
export function ThemeMenu({ variant = 'default' }: { variant?: 'default' | 'subtle' }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={160}>
      <Menu.Target>
        <Tooltip label={t('theme.label')} openDelay={400}>
          <ActionIcon variant={variant} size="lg" radius="md" aria-label={t('theme.label')}>
            <CurrentIcon size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map(({ value, labelKey, Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} stroke={1.6} />}
            onClick={() => setColorScheme(value)}
            fw={colorScheme === value ? 700 : undefined}
            color={colorScheme === value ? 'blue' : undefined}
            aria-current={colorScheme === value ? 'true' : undefined}
          >
            {t(labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
