import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  changeLanguage,
  currentLanguage,
  type LanguageCode,
  languageCodes,
  languageNames,
} from '@/lib/i18n';

type LanguageMenuProps = {
  /** Called after a switch, e.g. to keep the profile's language in step. */
  onChanged?: (lng: LanguageCode) => void;
  isCompact?: boolean;
};

/** The language switcher (docs/product.md#shell): the six languages, each named in itself. */
export function LanguageMenu({ onChanged, isCompact = false }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  const shown = isCompact ? active.toUpperCase() : languageNames[active];
  const select = (lng: LanguageCode) => {
    changeLanguage(lng).then(
      () => onChanged?.(lng),
      () => undefined,
    );
  };
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={170}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          // The name holds the visible text (WCAG 2.5.3), then says what the button is for.
          aria-label={t('language.labelWith', { language: shown })}
          lang={i18n.language}
          style={{ flexShrink: 0 }}
        >
          {shown}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languageCodes.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => select(lng)}
            rightSection={lng === active ? <IconCheck size={14} /> : null}
            fw={lng === active ? 700 : undefined}
          >
            {languageNames[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
