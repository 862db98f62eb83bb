import { Button, CloseButton, Group, Input, MultiSelect, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { DATE_OFFSET_MONTH_DAYS, DATE_OFFSET_WEEK_DAYS } from '@tkc/contracts/constants';
import { useTranslation } from 'react-i18next';
import { type ListState, lastDays } from '@/lib/use-list-state';
import { DateField } from './date-field';

// Filter controls shared by the server-side lists: the keyword box, a date range (calendar days of
// the user's time zone, with the 7- and 30-day shortcuts, docs/product.md#list-query), 'Clear filters'.

export function KeywordFilter({
  list,
  placeholder,
  label,
}: {
  list: ListState;
  placeholder: string;
  label: string;
}) {
  const { t } = useTranslation('management');
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} stroke={1.6} />}
      value={list.filters.keyword}
      onChange={(e) => list.setFilter('keyword', e.currentTarget.value)}
      rightSection={
        list.filters.keyword ? (
          <CloseButton
            size="sm"
            aria-label={t('common.clearSearch')}
            onClick={() => list.setFilter('keyword', '')}
          />
        ) : null
      }
      w={{ base: '100%', xs: 240 }}
      maxLength={100}
    />
  );
}

export function DateRangeFilter({
  list,
  timeZone,
  withShortcuts = false,
}: {
  list: ListState;
  timeZone?: string;
  withShortcuts?: boolean;
}) {
  const { t } = useTranslation('management');
  const { from, to } = list.filters;
  const shortcut = (days: number) => {
    const range = lastDays(days, timeZone);
    return {
      isActive: range.from === from && range.to === to,
      apply: () => list.setRange(range.from, range.to),
    };
  };
  const week = shortcut(DATE_OFFSET_WEEK_DAYS);
  const month = shortcut(DATE_OFFSET_MONTH_DAYS);
  return (
    // Wraps on a phone: the two dates side by side, the shortcuts on their own line (issue 15: no
    // sideways scroll at 390 px).
    <Group gap="xs" wrap="wrap" align="flex-end">
      <DateField
        label={t('common.from')}
        value={from}
        maxDate={to}
        onChange={(value) => list.setFilter('from', value)}
        width={160}
      />
      <DateField
        label={t('common.to')}
        value={to}
        minDate={from}
        onChange={(value) => list.setFilter('to', value)}
        width={160}
      />
      {withShortcuts && (
        <Button.Group>
          <Button
            variant={week.isActive ? 'filled' : 'default'}
            onClick={week.apply}
            aria-pressed={week.isActive}
          >
            {t('common.last7')}
          </Button>
          <Button
            variant={month.isActive ? 'filled' : 'default'}
            onClick={month.apply}
            aria-pressed={month.isActive}
          >
            {t('common.last30')}
          </Button>
        </Button.Group>
      )}
    </Group>
  );
}

export function ClearFilters({ list }: { list: ListState }) {
  const { t } = useTranslation('management');
  if (!list.hasFilters) return null;
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconFilterOff size={16} stroke={1.6} />}
      onClick={list.resetFilters}
    >
      {t('common.clearFilters')}
    </Button>
  );
}

/** A multi-choice filter on the list's `status` (the tools' request and CAP lists). */
function StatusFilter({
  list,
  label,
  options,
  anyLabel,
}: {
  list: ListState;
  label: string;
  options: { value: string; label: string }[];
  anyLabel: string;
}) {
  const statuses = list.filters.status;
  return (
    <Input.Wrapper label={label}>
      <MultiSelect
        aria-label={label}
        data={options}
        value={statuses}
        onChange={(values) => list.setFilter('status', values)}
        placeholder={statuses.length ? undefined : anyLabel}
        clearable
        w={260}
      />
    </Input.Wrapper>
  );
}

/**
 * The filter bar of the tools' lists (Signer and Certificate CAP requests, certificates, CAPs):
 * keyword, date range with shortcuts, status, 'Clear filters'.
 */
export function StatusListFilters({
  list,
  timeZone,
  keyword,
  status,
}: {
  list: ListState;
  timeZone?: string;
  keyword: { label: string; placeholder: string };
  status: { label: string; options: { value: string; label: string }[]; anyLabel: string };
}) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <KeywordFilter list={list} label={keyword.label} placeholder={keyword.placeholder} />
      <DateRangeFilter list={list} timeZone={timeZone} withShortcuts />
      <StatusFilter list={list} {...status} />
      <ClearFilters list={list} />
    </Group>
  );
}
