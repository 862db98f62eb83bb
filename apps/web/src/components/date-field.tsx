import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);

/** dayjs's name for each console language (Chinese is Simplified). */
export const dayjsLocaleOf = (language: string): string =>
  language.startsWith('zh') ? 'zh-cn' : (language.split('-')[0] ?? 'en');

/** A typed or picked date in the locale's own format ('L': 03/05/2026, 05.03.2026, 2026/03/05). */
export function parseLocalDate(text: string, locale: string): string | null {
  const parsed = dayjs(text.trim(), 'L', dayjsLocaleOf(locale), true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

/** The locale's date pattern as a hint (MM/DD/YYYY, DD.MM.YYYY, YYYY/MM/DD). */
const formatHintOf = (locale: string): string =>
  (dayjs.Ls[locale]?.formats as { L?: string } | undefined)?.L ?? 'MM/DD/YYYY';

/**
 * A calendar day in the chosen language's format with a picker (docs/web.md#dates): value and
 * onChange speak 'YYYY-MM-DD' ('' when empty), as the list URLs and the API do.
 */
export function DateField({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  error,
  description,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minDate?: string;
  maxDate?: string;
  error?: ReactNode;
  description?: ReactNode;
  width?: number | string;
}) {
  const { i18n } = useTranslation();
  const locale = dayjsLocaleOf(i18n.language);
  return (
    <DateInput
      label={label}
      description={description}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      locale={locale}
      valueFormat="L"
      dateParser={(text) => parseLocalDate(text, locale)}
      placeholder={formatHintOf(locale)}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      clearable
      error={error}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      w={width}
      popoverProps={{ withinPortal: true }}
    />
  );
}
