import type { demoTerminalResponse } from '@tkc/contracts/api/erase';
import { DEVICE_ERRORS } from '@tkc/contracts/erase-status';
import type { z } from 'zod';

// Demo mode (server flag keyEraseDemo): the outcomes a user can ask of the simulated terminal.
// The simulator itself loads only when a demo run starts (./demo-serial.ts).

export const DEMO_OUTCOMES = [
  'success',
  'notSelected',
  'connected',
  'suldOff',
  'badAuth',
  'deviceError',
  'allZero',
  'corrupt',
  'noAnswer',
] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

/** The device errors with a code of their own (623901-623917), for the device-error choice. */
export const DEMO_DEVICE_ERRORS = DEVICE_ERRORS.filter(
  (e): e is (typeof DEVICE_ERRORS)[number] & { code: number } => e.code !== null,
);

export type DemoTerminal = z.infer<typeof demoTerminalResponse>['data'];

export type DemoChoice = { outcome: DemoOutcome; deviceErrorCode: number };

export const DEFAULT_DEMO_CHOICE: DemoChoice = {
  outcome: 'success',
  deviceErrorCode: DEMO_DEVICE_ERRORS[0]!.code,
};
