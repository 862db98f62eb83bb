import { Alert, Anchor, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { EraseHelpTopic } from '@tkc/contracts/erase-status';
import { useTranslation } from 'react-i18next';

// The help articles of docs/erase-status.md#help-hints, as modals: how to enable SULD mode, to find the
// serial number in the terminal, how to check that the serial number is valid.

type HelpModalProps = { topic: EraseHelpTopic | null; onClose: () => void };

export function HelpModal({ topic, onClose }: HelpModalProps) {
  const { t } = useTranslation('keyErase');
  const steps = topic
    ? (t(`help.topics.${topic}.steps`, { returnObjects: true }) as unknown as string[])
    : [];
  return (
    <Modal
      opened={topic !== null}
      onClose={onClose}
      title={topic ? t(`help.topics.${topic}.title`) : ''}
      size="lg"
      centered
      radius="md"
    >
      {topic && (
        <Stack gap="md">
          <Text>{t(`help.topics.${topic}.intro`)}</Text>
          <List type="ordered" spacing="xs">
            {(Array.isArray(steps) ? steps : []).map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Alert variant="light" color="blue" icon={<IconHelpCircle size={18} />}>
            {t(`help.topics.${topic}.note`)}
          </Alert>
        </Stack>
      )}
    </Modal>
  );
}

type HelpLinksProps = {
  topics: readonly EraseHelpTopic[];
  onOpen: (topic: EraseHelpTopic) => void;
};

/** The hint list under a failed result: each question opens its article. */
export function HelpLinks({ topics, onOpen }: HelpLinksProps) {
  const { t } = useTranslation('keyErase');
  if (topics.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {t('help.hintsTitle')}
      </Text>
      <List
        spacing={4}
        size="sm"
        center
        icon={
          <ThemeIcon size={20} radius="xl" variant="light">
            <IconHelpCircle size={14} />
          </ThemeIcon>
        }
      >
        {topics.map((topic) => (
          <List.Item key={topic}>
            <Anchor component="button" type="button" size="sm" onClick={() => onOpen(topic)}>
              {t(`help.topics.${topic}.title`)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
