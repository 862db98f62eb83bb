import { Stack, Text, Timeline } from '@mantine/core';
import type { ApprovalDetail } from './approval-feature';
import { useApprovalText } from './approval-text';

/** Steps whose note the history shows: a decision's reason or note, a failure's cause. */
const NOTED_EVENTS = ['approved', 'rejected', 'failed'];

type RequestHistoryProps = {
  namespace: string;
  history: ApprovalDetail['history'];
  when: (iso: string) => string;
};

/** A request's steps, oldest first, each with its time and who took it. */
export function RequestHistory({ namespace, history, when }: RequestHistoryProps) {
  const { text } = useApprovalText(namespace);
  const headingId = `${namespace}-history`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Text fw={600} id={headingId} component="h3">
        {text('detail.history')}
      </Text>
      <Timeline bulletSize={14} lineWidth={2} active={history.length - 1}>
        {history.map((entry) => (
          <Timeline.Item
            key={`${entry.at}-${entry.event}`}
            title={text(`history.${entry.event}`, { defaultValue: entry.event })}
          >
            <Text size="xs" c="dimmed">
              {when(entry.at)} ·{' '}
              {entry.actor_email === 'system' ? text('history.system') : entry.actor_email}
            </Text>
            {entry.note && NOTED_EVENTS.includes(entry.event) && (
              <Text size="sm">{entry.note}</Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
