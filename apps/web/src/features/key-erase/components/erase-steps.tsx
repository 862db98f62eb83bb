import { Loader, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { EraseRunStep } from '@tkc/terminal/erase-client';
import { useTranslation } from 'react-i18next';
import classes from './erase-steps.module.css';
import { RUN_STEPS, useEraseText } from './erase-text';

// The steps of a run, live: Connect, Get SN, Get RN, Authorize, Soft reset, Erase.

export type StepsView =
  | { phase: 'idle' }
  | { phase: 'running'; step: EraseRunStep }
  | { phase: 'done'; failedStep: EraseRunStep | null };

type StepState = 'todo' | 'active' | 'done' | 'failed';

function stepStates(view: StepsView): StepState[] {
  if (view.phase === 'idle') return RUN_STEPS.map(() => 'todo');
  const at =
    view.phase === 'running'
      ? RUN_STEPS.indexOf(view.step)
      : view.failedStep === null
        ? RUN_STEPS.length
        : RUN_STEPS.indexOf(view.failedStep);
  const current: StepState = view.phase === 'running' ? 'active' : 'failed';
  return RUN_STEPS.map((_, i) => (i < at ? 'done' : i === at ? current : 'todo'));
}

export function EraseSteps({ view }: { view: StepsView }) {
  const { t } = useTranslation('keyErase');
  const text = useEraseText();
  const states = stepStates(view);
  return (
    <ol className={classes.steps} aria-label={t('process.progressTitle')}>
      {RUN_STEPS.map((step, i) => {
        const state = states[i]!;
        return (
          <li
            key={step}
            className={classes.step}
            data-state={state}
            data-step={step}
            aria-current={state === 'active' ? 'step' : undefined}
          >
            <ThemeIcon
              size={30}
              radius="xl"
              variant={state === 'todo' ? 'default' : state === 'active' ? 'light' : 'filled'}
              color={state === 'failed' ? 'red' : undefined}
              aria-hidden
            >
              {state === 'done' ? (
                <IconCheck size={16} />
              ) : state === 'failed' ? (
                <IconX size={16} />
              ) : state === 'active' ? (
                <Loader size={16} />
              ) : (
                <Text size="xs" fw={600}>
                  {i + 1}
                </Text>
              )}
            </ThemeIcon>
            <Text size="sm" fw={state === 'todo' ? 400 : 600} className={classes.label}>
              {text.step(step)} <VisuallyHidden>({t(`process.stepState.${state}`)})</VisuallyHidden>
            </Text>
          </li>
        );
      })}
    </ol>
  );
}
