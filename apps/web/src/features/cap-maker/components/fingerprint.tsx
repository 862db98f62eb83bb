import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useCapText } from './cap-maker-text';

/** A SHA-256 or fingerprint: shortened on screen, whole in its title and on copy. */
export function Fingerprint({ label, value }: { label: string; value: string }) {
  const { text } = useCapText();
  const short = value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-8)}` : value;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" ff="monospace" title={`${label}: ${value}`}>
        {short}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? text('actions.copied') : text('actions.copy')}>
            <ActionIcon
              size="sm"
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={text('actions.copyOf', { name: label })}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
