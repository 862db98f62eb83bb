import {
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DATE_OFFSET_MONTH_DAYS, DATE_OFFSET_WEEK_DAYS } from '@tkc/contracts/constants';
import { ERASE_STATUS } from '@tkc/contracts/erase-status';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import {
  customStatuses,
  type LogPatch,
  type LogView,
  lastDays,
  pickStatuses,
} from '../utils/log-query';
import { useEraseText } from './erase-text';

// Search, date range (with the 7-day and 30-day shortcuts) and the status filter of the log.

type LogFiltersProps = {
  view: LogView;
  timeZone?: string;
  onChange: (patch: LogPatch) => void;
};

const SEARCH_DEBOUNCE_MS = 400;

export function LogFilters({ view, timeZone, onChange }: LogFiltersProps) {
  const { t } = useTranslation('keyErase');
  const text = useEraseText();
  const [search, setSearch] = useState(view.search);
  const pushSearch = useDebouncedCallback(
    (value: string) => onChange({ search: value }),
    SEARCH_DEBOUNCE_MS,
  );
  const [isChoosing, setChoosing] = useState(view.status.kind === 'custom');
  const mode = view.status.kind === 'custom' || isChoosing ? 'custom' : view.status.kind;
  const isRangeReversed = view.from !== '' && view.to !== '' && view.from > view.to;

  const statusOptions = ERASE_STATUS.map((_, i) => ({
    value: String(i),
    label: `${i} · ${text.status(i)}`,
  }));

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('log.search')}
          placeholder={t('log.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            pushSearch(e.currentTarget.value);
          }}
          w={280}
          maxLength={100}
        />
        {/* No min/max: a typed reversed range is kept and named (rangeReversed), not dropped. */}
        <DateField
          label={t('log.from')}
          value={view.from}
          onChange={(from) => onChange({ from })}
          width={170}
        />
        <DateField
          label={t('log.to')}
          value={view.to}
          onChange={(to) => onChange({ to })}
          error={isRangeReversed ? t('log.rangeReversed') : undefined}
          width={170}
        />
        <Group gap="xs">
          <Button
            variant="light"
            onClick={() => onChange(lastDays(DATE_OFFSET_WEEK_DAYS, timeZone))}
          >
            {t('log.last7')}
          </Button>
          <Button
            variant="light"
            onClick={() => onChange(lastDays(DATE_OFFSET_MONTH_DAYS, timeZone))}
          >
            {t('log.last30')}
          </Button>
          {(view.from || view.to) && (
            <Button variant="subtle" color="gray" onClick={() => onChange({ from: '', to: '' })}>
              {t('log.clearDates')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="erase-status-filter">
            {t('log.statusFilter')}
          </Text>
          <SegmentedControl
            aria-labelledby="erase-status-filter"
            value={mode}
            onChange={(value) => {
              if (value === 'custom') {
                setChoosing(true);
                return;
              }
              setChoosing(false);
              onChange({ status: value === 'failed' ? { kind: 'failed' } : { kind: 'all' } });
            }}
            data={[
              { value: 'all', label: t('log.filterAll') },
              { value: 'failed', label: t('log.filterFailed') },
              { value: 'custom', label: t('log.filterCustom') },
            ]}
          />
        </Stack>
        {mode === 'custom' && (
          <MultiSelect
            label={t('log.chooseStatuses')}
            placeholder={t('log.chooseStatusesPlaceholder')}
            data={statusOptions}
            value={customStatuses(view)}
            onChange={(values) => onChange(pickStatuses(customStatuses(view), values))}
            searchable
            clearable
            hidePickedOptions
            maxDropdownHeight={320}
            style={{ flex: '1 1 360px' }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
    </Stack>
  );
}
