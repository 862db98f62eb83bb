import { Alert, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DEMO_DEVICE_ERRORS,
  DEMO_OUTCOMES,
  type DemoChoice,
  type DemoOutcome,
} from '../utils/demo-outcomes';

// Demo mode banner (server flag keyEraseDemo): a simulated terminal and the outcome to show.

export type TerminalSource = 'demo' | 'usb';

type DemoPanelProps = {
  source: TerminalSource;
  onSourceChange: (source: TerminalSource) => void;
  choice: DemoChoice;
  onChoiceChange: (choice: DemoChoice) => void;
  disabled: boolean;
};

export function DemoPanel({
  source,
  onSourceChange,
  choice,
  onChoiceChange,
  disabled,
}: DemoPanelProps) {
  const { t } = useTranslation('keyErase');
  return (
    <Alert
      color="grape"
      variant="light"
      radius="md"
      icon={<IconFlask size={20} />}
      title={t('demo.banner')}
      role="region"
      aria-label={t('demo.banner')}
    >
      <Stack gap="sm">
        <Text size="sm">{t('demo.body')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="erase-terminal-source">
            {t('demo.source')}
          </Text>
          <SegmentedControl
            aria-labelledby="erase-terminal-source"
            value={source}
            onChange={(v) => onSourceChange(v as TerminalSource)}
            disabled={disabled}
            data={[
              { value: 'demo', label: t('demo.sourceDemo') },
              { value: 'usb', label: t('demo.sourceUsb') },
            ]}
            w="fit-content"
          />
        </Stack>
        {source === 'demo' && (
          <Group gap="md" align="flex-end">
            <Select
              label={t('demo.outcome')}
              value={choice.outcome}
              onChange={(v) => v && onChoiceChange({ ...choice, outcome: v as DemoOutcome })}
              data={DEMO_OUTCOMES.map((o) => ({ value: o, label: t(`demo.outcomes.${o}`) }))}
              allowDeselect={false}
              disabled={disabled}
              w={280}
            />
            {choice.outcome === 'deviceError' && (
              <Select
                label={t('demo.deviceError')}
                value={String(choice.deviceErrorCode)}
                onChange={(v) => v && onChoiceChange({ ...choice, deviceErrorCode: Number(v) })}
                data={DEMO_DEVICE_ERRORS.map((e) => ({
                  value: String(e.code),
                  label: `${e.code} ${e.name}`,
                }))}
                allowDeselect={false}
                disabled={disabled}
                w={320}
              />
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
