import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  changeLanguage,
  currentLanguage,
  isLanguageCode,
  languageCodes,
  languageNames,
} from '@/lib/i18n';

/** The sign-in screens' language switcher: the browser's own select, light and accessible. */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="sm"
      radius="md"
      w={140}
      aria-label={t('language.label')}
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      value={currentLanguage()}
      data={languageCodes.map((lng) => ({ value: lng, label: languageNames[lng] }))}
      onChange={(event) => {
        const lng = event.currentTarget.value;
        if (isLanguageCode(lng)) void changeLanguage(lng);
      }}
    />
  );
}
