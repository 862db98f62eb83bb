import { Box, Grid, NavLink, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBuilding,
  IconCertificate,
  IconDeviceMobile,
  IconEraser,
  IconHistory,
  IconLogin,
  IconPackage,
  IconPlugConnected,
  IconSearch,
  IconSettings,
  IconSignature,
  type IconTag,
  IconUsers,
  IconZoomCheck,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import classes from '../components/guide.module.css';
import { GuideTopic, type TopicText } from '../components/guide-topic';

/** A serial-number import file (language-neutral, so not translated). */
const CSV_EXAMPLE = 'sn\nAB12000001\nAB12000002,spare unit\n"AB12000003";store 12';

/**
 * The topics in reading order. The ids are stable anchors (/guide#enable-suld), so other pages can
 * link to a topic; `key` names its text in the 'guide' namespace.
 */
const TOPICS = [
  { id: 'sign-in', key: 'signIn', Icon: IconLogin },
  { id: 'account', key: 'account', Icon: IconSettings },
  { id: 'key-erase', key: 'keyErase', Icon: IconEraser },
  { id: 'enable-suld', key: 'enableSuld', Icon: IconPlugConnected },
  { id: 'find-serial-number', key: 'findSerialNumber', Icon: IconSearch },
  { id: 'check-serial-number', key: 'checkSerialNumber', Icon: IconZoomCheck },
  { id: 'users', key: 'users', Icon: IconUsers },
  { id: 'companies', key: 'companies', Icon: IconBuilding, example: CSV_EXAMPLE },
  { id: 'models', key: 'models', Icon: IconDeviceMobile },
  { id: 'audit', key: 'audit', Icon: IconHistory },
  { id: 'cap-maker', key: 'capMaker', Icon: IconPackage, isComing: true },
  { id: 'signer', key: 'signer', Icon: IconSignature, isComing: true },
  { id: 'certificate', key: 'certificate', Icon: IconCertificate, isComing: true },
] as const satisfies readonly {
  id: string;
  key: string;
  Icon: typeof IconTag;
  example?: string;
  isComing?: boolean;
}[];

const textOf = (topic: TopicText) =>
  [topic.title, topic.summary, topic.who, ...(topic.steps ?? []), ...(topic.tips ?? [])]
    .join(' ')
    .toLocaleLowerCase();

/** User Guide (side menu 'User Guide'): a short, practical guide to each part of the console. */
export function GuideRoute() {
  const { t } = useTranslation('guide');
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const [activeId, setActiveId] = useState(() => decodeURIComponent(hash.slice(1)));
  const topics = useMemo(
    () =>
      TOPICS.map((topic) => ({
        ...topic,
        text: t(`topics.${topic.key}`, { returnObjects: true }) as unknown as TopicText,
      })),
    [t],
  );
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? topics.filter((topic) => textOf(topic.text).includes(needle)) : topics;

  // Router links do not scroll to their #anchor by themselves.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
        <Box component="nav" aria-label={t('contents')} className={classes.toc}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs">
            {t('contents')}
          </Text>
          {topics.map((topic) => (
            <NavLink
              key={topic.id}
              href={`#${topic.id}`}
              label={topic.text.title}
              leftSection={<topic.Icon size={16} stroke={1.7} />}
              active={activeId === topic.id}
              py={6}
              styles={{ label: { fontSize: 'var(--mantine-font-size-sm)' } }}
              c={'isComing' in topic ? 'dimmed' : undefined}
              onClick={(event) => {
                event.preventDefault();
                setActiveId(topic.id);
                document.getElementById(topic.id)?.scrollIntoView({ behavior: 'smooth' });
                window.history.replaceState(window.history.state, '', `#${topic.id}`);
              }}
            />
          ))}
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="lg">
          <Text>{t('intro')}</Text>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maw={420}
          />
          {shown.length === 0 && <Text c="dimmed">{t('noMatch')}</Text>}
          {shown.map((topic) => (
            <GuideTopic
              key={topic.id}
              id={topic.id}
              icon={<topic.Icon size={22} stroke={1.7} />}
              topic={topic.text}
              isComing={'isComing' in topic && topic.isComing}
              example={'example' in topic ? topic.example : undefined}
            />
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export { GuideRoute as Component };
