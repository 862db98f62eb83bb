import { ERASE_LOG_LABELS, ERASE_STATUS } from '@tkc/contracts/erase-status';
import type { EraseRunStep } from '@tkc/terminal/erase-client';
import { NO_RESPONSE_MESSAGE } from '@tkc/terminal/erase-log';
import { ALL_ZERO_MESSAGE, DLE_UNPACK_FAILED_MESSAGE } from '@tkc/terminal/frame';
import { useTranslation } from 'react-i18next';

// The texts of the contracts (erase status table, log lines, terminal messages) in the user's
// language: the 'keyErase' namespace keys them by status index, by log label name and by message.

export const RUN_STEPS: readonly EraseRunStep[] = [
  'connect',
  'sn',
  'rn',
  'authorize',
  'reset',
  'erase',
];

const labelKeys = new Map<string, string>(
  Object.entries(ERASE_LOG_LABELS).map(([key, label]) => [label, key]),
);

const messageKeys = new Map<string, string>([
  [ALL_ZERO_MESSAGE, 'allZero'],
  [DLE_UNPACK_FAILED_MESSAGE, 'dleUnpack'],
  [NO_RESPONSE_MESSAGE, 'noResponse'],
]);

export function useEraseText() {
  const { t } = useTranslation('keyErase');
  return {
    /** The message of an erase status index (docs/erase-status.md#the-table). */
    status: (index: number): string =>
      Number.isInteger(index) && index >= 0 && index < ERASE_STATUS.length
        ? t(`status.${index}`)
        : t('statusUnknown', { n: index }),
    /** A log line (docs/erase-status.md#log-lines) ('SN Fail', ...). */
    logLabel: (label: string): string => {
      const key = labelKeys.get(label);
      return key ? t(`logLabels.${key}`) : label;
    },
    /** A terminal message ('Response is all zero', ...). */
    terminalMessage: (message: string): string => {
      const key = messageKeys.get(message);
      return key ? t(`terminalMessages.${key}`) : message;
    },
    step: (step: EraseRunStep): string => t(`steps.${step}`),
  };
}
