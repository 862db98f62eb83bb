import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutConfig } from '@/lib/layout-config';
import { storageKeys } from '@/lib/storage';
import { LazyNotifications } from './lazy-notifications';
import { accessibleColors, createAppTheme } from './theme';

// The theme choice lives under the same key the boot script (public/boot.js) reads.
const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });

export function AppProvider({ children }: { children: ReactNode }) {
  const layout = useLayoutConfig();
  const { t } = useTranslation();
  return (
    <MantineProvider
      theme={createAppTheme(layout.primaryColor, t('common.closeDialog'))}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={accessibleColors}
      defaultColorScheme="light"
    >
      <LazyNotifications />
      {children}
    </MantineProvider>
  );
}
