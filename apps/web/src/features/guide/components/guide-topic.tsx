import { Badge, Card, Code, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './guide.module.css';

/** One topic of the guide as stored in the 'guide' namespace. */
export type TopicText = {
  title: string;
  summary: string;
  who: string;
  steps?: string[];
  tips?: string[];
};

type GuideTopicProps = {
  id: string;
  icon: ReactNode;
  topic: TopicText;
  isComing: boolean;
  /** Fixed, untranslated example (a file layout). */
  example?: string;
};

/** A guide topic: what it is, who may use it, the steps and what is good to know. */
export function GuideTopic({ id, icon, topic, isComing, example }: GuideTopicProps) {
  const { t } = useTranslation('guide');
  const headingId = `${id}-title`;
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      id={id}
      className={classes.topic}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={isComing ? 'gray' : undefined}>
            {icon}
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1 }}>
            <Group gap="sm">
              <Title order={2} size="h3" id={headingId}>
                {topic.title}
              </Title>
              {isComing && (
                <Badge color="gray" variant="light">
                  {t('coming')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              <Text span fw={600} inherit>
                {t('who')}
              </Text>{' '}
              {topic.who}
            </Text>
          </Stack>
        </Group>
        <Text>{topic.summary}</Text>
        {topic.steps && topic.steps.length > 0 && (
          <Stack gap="xs">
            <Text fw={600}>{isComing ? t('planned') : t('steps')}</Text>
            <List
              type={isComing ? 'unordered' : 'ordered'}
              spacing="xs"
              classNames={{ itemWrapper: classes.itemWrapper }}
            >
              {topic.steps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        {example && (
          <Stack gap="xs">
            <Text fw={600}>{t('example')}</Text>
            <Code block>{example}</Code>
          </Stack>
        )}
        {topic.tips && topic.tips.length > 0 && (
          <Stack gap="xs">
            <Text fw={600}>{t('tips')}</Text>
            <List spacing="xs" classNames={{ itemWrapper: classes.itemWrapper }}>
              {topic.tips.map((tip) => (
                <List.Item key={tip}>{tip}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
