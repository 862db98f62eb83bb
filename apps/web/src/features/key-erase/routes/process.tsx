import { Alert, Anchor, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected, IconUsb } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { EraseHelpTopic } from '@tkc/contracts/erase-status';
import {
  type EraseRunResult,
  type EraseRunStep,
  requestTerminal,
  runErase,
} from '@tkc/terminal/erase-client';
import type { DeviceLogEntry } from '@tkc/terminal/erase-log';
import type { SerialLike, SerialPortLike } from '@tkc/terminal/serial';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useFeatureFlags } from '@/lib/feature-flags';
import { tableAlertOf } from '@/lib/table-alert';
import { authorizeErase } from '../api/authorize-erase';
import { getDemoTerminal } from '../api/get-demo-terminal';
import { eraseQueryKey } from '../api/get-erase-list';
import { recordErase } from '../api/record-erase';
import { DemoPanel, type TerminalSource } from '../components/demo-panel';
import { DeviceLogTable } from '../components/device-log-table';
import { EraseResult, type RecordState } from '../components/erase-result';
import { EraseSteps, type StepsView } from '../components/erase-steps';
import { useEraseText } from '../components/erase-text';
import { HelpModal } from '../components/help-modal';
import { ReportModal } from '../components/report-modal';
import { DEFAULT_DEMO_CHOICE, type DemoChoice } from '../utils/demo-outcomes';
import { rowOfEntry, storedLineOf } from '../utils/device-log';

// The Key Erase process (/key-erase/instruction): instructions, Connect (Web Serial, or the demo
// mode's simulated terminal), the steps live, the result with its help hints, the device log, and
// the record of every run (POST /uld/erase) with "Report this failure".

type RunView =
  | { phase: 'idle' }
  | { phase: 'running'; step: EraseRunStep; log: DeviceLogEntry[] }
  | { phase: 'done'; result: EraseRunResult; log: DeviceLogEntry[] };

/** Bounds of the record body (docs/product.md#erase-record: (sn, esn, rn at most 64 characters). */
const MAX_FIELD = 64;

/** The browser's Web Serial, when it has one. */
function webSerial(): SerialLike | null {
  const serial = (globalThis.navigator as (Navigator & { serial?: SerialLike }) | undefined)
    ?.serial;
  return serial ?? null;
}

/** What the user sees of a failed call: text and status of docs/product.md#table-errors. */
function callErrorText(error: unknown): string {
  const alert = tableAlertOf(error);
  if (!alert) return '';
  return alert.tableStatusCode
    ? `${alert.tableStatusText} (${alert.tableStatusCode})`
    : alert.tableStatusText;
}

/** docs/product.md#erase-run: the page's status starts at 'Authorize' and resets on navigation. */
export function KeyEraseProcessRoute() {
  const location = useLocation();
  return <ProcessPage key={location.key} />;
}

function ProcessPage() {
  const { t } = useTranslation('keyErase');
  const text = useEraseText();
  const queryClient = useQueryClient();
  const flags = useFeatureFlags();
  const isDemoServer = flags.data?.keyEraseDemo === true;
  const [source, setSource] = useState<TerminalSource>('demo');
  const [demoChoice, setDemoChoice] = useState<DemoChoice>(DEFAULT_DEMO_CHOICE);
  const [run, setRun] = useState<RunView>({ phase: 'idle' });
  const [record, setRecord] = useState<RecordState | null>(null);
  const [demoError, setDemoError] = useState<string | null>(null);
  const [helpTopic, setHelpTopic] = useState<EraseHelpTopic | null>(null);
  const [reportId, setReportId] = useState<string | null>(null);
  const isRunning = useRef(false);

  const usesDemo = isDemoServer && source === 'demo';
  const hasWebSerial = webSerial() !== null;
  const canConnect = (usesDemo || hasWebSerial) && run.phase !== 'running';

  const save = async (result: EraseRunResult) => {
    setRecord({ kind: 'saving' });
    try {
      const saved = await recordErase({
        sn: result.sn.slice(0, MAX_FIELD),
        esn: result.esn.slice(0, MAX_FIELD),
        rn: result.rn.slice(0, MAX_FIELD),
        status: result.status,
        log: result.log.map(storedLineOf),
      });
      setRecord({ kind: 'saved', id: saved.id, isReported: saved.isReported });
      void queryClient.invalidateQueries({ queryKey: eraseQueryKey });
    } catch (error) {
      setRecord({ kind: 'failed', message: callErrorText(error) });
    }
  };

  const connect = async () => {
    if (isRunning.current) return;
    isRunning.current = true;
    setDemoError(null);
    setRecord(null);
    setRun({ phase: 'running', step: 'connect', log: [] });
    try {
      let port: SerialPortLike | null;
      if (usesDemo) {
        try {
          const terminal = await queryClient.fetchQuery({
            queryKey: ['uld-erase-demo-terminal'],
            queryFn: getDemoTerminal,
            staleTime: Number.POSITIVE_INFINITY,
          });
          const { createDemoSerial } = await import('../utils/demo-serial');
          port = await requestTerminal(createDemoSerial(terminal, demoChoice));
        } catch (error) {
          setDemoError(callErrorText(error) || String(error));
          setRun({ phase: 'idle' });
          return;
        }
      } else {
        // Web Serial's chooser needs the user's click: it is the first thing the click does.
        port = await requestTerminal(webSerial());
      }
      const result = await runErase(port, {
        authorize: authorizeErase,
        onStep: (step) => setRun((r) => (r.phase === 'running' ? { ...r, step } : r)),
        onLog: (entry) =>
          setRun((r) => (r.phase === 'running' ? { ...r, log: [...r.log, entry] } : r)),
      });
      setRun({ phase: 'done', result, log: result.log });
      await save(result);
    } finally {
      isRunning.current = false;
    }
  };

  const steps: StepsView =
    run.phase === 'idle'
      ? { phase: 'idle' }
      : run.phase === 'running'
        ? { phase: 'running', step: run.step }
        : { phase: 'done', failedStep: run.result.failedStep };
  const statusText =
    run.phase === 'idle'
      ? t('process.initialStatus')
      : run.phase === 'running'
        ? text.step(run.step)
        : text.status(run.result.status);
  const log = run.phase === 'idle' ? [] : run.log;

  return (
    <Stack gap="lg">
      {isDemoServer && (
        <DemoPanel
          source={source}
          onSourceChange={setSource}
          choice={demoChoice}
          onChoiceChange={setDemoChoice}
          disabled={run.phase === 'running'}
        />
      )}

      {!hasWebSerial && !usesDemo && (
        <Alert color="yellow" variant="light" radius="md" title={t('process.noSerialTitle')}>
          <Stack gap={4}>
            <Text size="sm">{t('process.noSerialBody')}</Text>
            {isDemoServer && <Text size="sm">{t('process.noSerialDemo')}</Text>}
          </Stack>
        </Alert>
      )}

      {demoError !== null && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          withCloseButton
          onClose={() => setDemoError(null)}
        >
          {t('demo.loadFailed', { message: demoError })}
        </Alert>
      )}

      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="sm" style={{ flex: '1 1 420px' }}>
            <Title order={2} size="h4">
              {t('process.instructionTitle')}
            </Title>
            <List type="ordered" spacing="xs">
              <List.Item>
                {t('process.instructions.suld')}{' '}
                <Anchor component="button" type="button" onClick={() => setHelpTopic('enableSuld')}>
                  {t('help.topics.enableSuld.title')}
                </Anchor>
              </List.Item>
              <List.Item>{t('process.instructions.usb')}</List.Item>
              <List.Item>{t('process.instructions.connect')}</List.Item>
              <List.Item>{t('process.instructions.wait')}</List.Item>
            </List>
          </Stack>
          <Stack gap="sm" align="flex-end">
            <Button
              size="md"
              leftSection={usesDemo ? <IconPlugConnected size={20} /> : <IconUsb size={20} />}
              onClick={() => void connect()}
              disabled={!canConnect}
              loading={run.phase === 'running'}
            >
              {t('process.connect')}
            </Button>
            <Anchor component={Link} to={paths.app.keyEraseLog.getHref()} size="sm">
              {t('process.openLog')}
            </Anchor>
          </Stack>
        </Group>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4">
              {t('process.progressTitle')}
            </Title>
            <Group gap="xs" aria-live="polite">
              <Text size="sm" c="dimmed">
                {t('process.statusLabel')}
              </Text>
              <Badge
                size="lg"
                variant="light"
                color={run.phase === 'done' ? (run.result.status === 0 ? 'teal' : 'red') : 'blue'}
                data-testid="erase-status"
                style={{ textTransform: 'none' }}
              >
                {statusText}
              </Badge>
            </Group>
          </Group>
          <EraseSteps view={steps} />
        </Stack>
      </Card>

      {run.phase === 'done' && record && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('process.resultTitle')}
            </Title>
            <EraseResult
              result={run.result}
              record={record}
              onHelp={setHelpTopic}
              onReport={setReportId}
              onRetryRecord={() => void save(run.result)}
            />
          </Stack>
        </Card>
      )}

      {run.phase !== 'idle' && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('deviceLog.title')}
            </Title>
            <DeviceLogTable rows={log.map(rowOfEntry)} />
          </Stack>
        </Card>
      )}

      <HelpModal topic={helpTopic} onClose={() => setHelpTopic(null)} />
      <ReportModal
        recordId={reportId}
        onClose={() => setReportId(null)}
        onReported={() => setRecord((r) => (r?.kind === 'saved' ? { ...r, isReported: true } : r))}
      />
    </Stack>
  );
}

export { KeyEraseProcessRoute as Component };
