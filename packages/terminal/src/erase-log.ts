import {
  deviceErrorIndex,
  deviceErrorIndexByName,
  ERASE_STATUS_INDEX,
  type EraseStep,
  eraseLogLabel,
} from '@tkc/contracts/erase-status';
import { latin1, printable, toHexSpaced } from './bytes';
import { createFrameParser, type ParsedEvent, xorChecksum } from './frame';
import {
  decodeReply,
  REASON_SULD_NOT_ENABLED,
  RESULT_CHALLENGE_NOT_CURRENT,
  RESULT_FAILURE,
  RESULT_OK,
  readSerialText,
} from './protocol';

// Reading replies into the Key Erase steps: the result code of each step, the log line (docs/erase-status.md#log-lines)
// and the erase status index of the contracts' table. The mapping is tabled in
// docs/terminal-protocol.md ('How a run maps to the erase status').

/** The steps that talk to the terminal, in the order of a run; a reply's step is its position. */
export const ERASE_STEPS: readonly EraseStep[] = ['sn', 'rn', 'reset', 'erase'];

/** The step of the n-th reply of a run (0-based); null past the erase reply. */
export const stepAtPosition = (position: number): EraseStep | null => ERASE_STEPS[position] ?? null;

/** Shown in the log when the terminal did not answer within the time limit (own wording). */
export const NO_RESPONSE_MESSAGE = 'No response from terminal';

/** Status indexes of a step that failed without a result code of its own meaning. */
const STEP_STATUS: Record<EraseStep, { failed: number; undefined: number; failure: number }> = {
  sn: {
    failed: ERASE_STATUS_INDEX.getSnFailed,
    undefined: ERASE_STATUS_INDEX.getSnUndefined,
    failure: ERASE_STATUS_INDEX.getSnFailed,
  },
  rn: {
    failed: ERASE_STATUS_INDEX.getRnFailed,
    undefined: ERASE_STATUS_INDEX.getRnUndefined,
    failure: ERASE_STATUS_INDEX.getRnFailed,
  },
  reset: {
    failed: ERASE_STATUS_INDEX.softResetFailed,
    undefined: ERASE_STATUS_INDEX.softResetUndefined,
    failure: ERASE_STATUS_INDEX.softResetFailed,
  },
  erase: {
    failed: ERASE_STATUS_INDEX.revertFailed,
    undefined: ERASE_STATUS_INDEX.revertUndefined,
    failure: ERASE_STATUS_INDEX.revertFailed670000,
  },
};

/** SN and ESN as read: letters, digits and '-', 1 to 16 characters. */
const SERIAL_PATTERN = /^[0-9A-Za-z-]{1,16}$/;
const RN_PATTERN = /^[0-9A-F]{16}$/;

/** What one reply (or its absence) means for its step. */
export type StepOutcome = {
  step: EraseStep;
  ok: boolean;
  /** Erase status index: 0 when the step succeeded (the run goes on), else the run's status. */
  status: number;
  /** The log line (docs/erase-status.md#log-lines: 'SN Fail', 'RESET OK', ...); null for SN and RN successes. */
  label: string | null;
  /** The reply's result code; null when there was no readable reply. */
  code: string | null;
  /** The name a failure reply gave (e.g. 'AUTH_CODE_ERROR'); null otherwise. */
  reason: string | null;
  /** The terminal message for a reply that could not be read (docs/product.md#tooling-messages), or NO_RESPONSE_MESSAGE. */
  message: string | null;
  /** Values read with the reader's rule: sn -> [SN, ESN, model]; rn -> [RN]; else []. */
  values: string[];
};

const outcome = (
  step: EraseStep,
  status: number,
  extra: Partial<Pick<StepOutcome, 'code' | 'reason' | 'message' | 'values'>> = {},
): StepOutcome => {
  const ok = status === ERASE_STATUS_INDEX.success;
  return {
    step,
    ok,
    status,
    label: eraseLogLabel(step, ok),
    code: extra.code ?? null,
    reason: extra.reason ?? null,
    message: extra.message ?? null,
    values: extra.values ?? [],
  };
};

/** The status of a failure reason name (670000 + name); null when the name means nothing here. */
function reasonStatus(reason: string): number | null {
  if (reason === REASON_SULD_NOT_ENABLED) return ERASE_STATUS_INDEX.suldNotEnabled;
  return deviceErrorIndexByName(reason);
}

/**
 * What a step's reply means. `event` is the first parser event after the command was sent, or null
 * when nothing arrived in time. Pure; never throws.
 */
export function readStepReply(step: EraseStep, event: ParsedEvent | null): StepOutcome {
  const s = STEP_STATUS[step];
  if (event === null) return outcome(step, s.undefined, { message: NO_RESPONSE_MESSAGE });
  if (event.type !== 'frame') return outcome(step, s.failed, { message: event.message });

  const reply = decodeReply(event.payload);
  if (!reply) return outcome(step, ERASE_STATUS_INDEX.unexpectedResponse);
  const { code } = reply;
  const reason = reply.fields.length > 0 ? latin1(reply.fields[0]!) : null;

  if (code === RESULT_OK) return readOk(step, reply.fields);
  if (code === RESULT_FAILURE) {
    const named = reason === null ? null : reasonStatus(reason);
    return outcome(step, named ?? s.failure, { code, reason });
  }
  if (code === RESULT_CHALLENGE_NOT_CURRENT && step === 'erase') {
    return outcome(step, ERASE_STATUS_INDEX.revertFailed620008, { code });
  }
  const device = deviceErrorIndex(code);
  if (device !== null) return outcome(step, device, { code });
  return outcome(step, ERASE_STATUS_INDEX.unexpectedResponse, { code, reason });
}

function readOk(step: EraseStep, fields: readonly Uint8Array[]): StepOutcome {
  const code = RESULT_OK;
  const text = fields.map(latin1);
  switch (step) {
    case 'sn': {
      if (text.length < 3) return outcome(step, ERASE_STATUS_INDEX.invalidSnFromDevice, { code });
      const sn = readSerialText(text[0]!, { stripLeadingZeros: true });
      const esn = readSerialText(text[1]!, { stripLeadingZeros: true });
      const model = readSerialText(text[2]!);
      const values = [sn, esn, model];
      if (sn === '') return outcome(step, ERASE_STATUS_INDEX.snEmpty, { code, values });
      if (!SERIAL_PATTERN.test(sn) || !SERIAL_PATTERN.test(esn)) {
        return outcome(step, ERASE_STATUS_INDEX.invalidSnFromDevice, { code, values });
      }
      return outcome(step, ERASE_STATUS_INDEX.success, { code, values });
    }
    case 'rn': {
      const rn = text.length === 1 ? readSerialText(text[0]!) : '';
      if (!RN_PATTERN.test(rn)) return outcome(step, ERASE_STATUS_INDEX.getRnFailed, { code });
      return outcome(step, ERASE_STATUS_INDEX.success, { code, values: [rn] });
    }
    case 'reset':
    case 'erase':
      return outcome(step, ERASE_STATUS_INDEX.success, { code });
  }
}

// --- Device log entries (docs/product.md#device-log) ---

/**
 * One line of the device log. docs/product.md#device-log: unpacked text, raw bytes, checksum, hex;
 * the other fields say where the line sits in the run.
 */
export type DeviceLogEntry = {
  /** The unpacked payload, printable ASCII as itself and other bytes as '.'; '' if none. */
  text: string;
  /** The bytes as on the line: the whole frame, or the bytes that could not be unpacked. */
  raw: Uint8Array;
  /** The frame's check byte (sent: computed; received: as received); null when there is none. */
  checksum: number | null;
  /** `raw` as uppercase hex pairs separated by spaces. */
  hex: string;
  direction: 'sent' | 'received';
  step: EraseStep;
  /** The reply's result code, or null. */
  code: string | null;
  /** The log line (docs/erase-status.md#log-lines) for a reply ('SN Fail', 'RESET OK', ...), or null. */
  label: string | null;
  /** The terminal message (docs/product.md#tooling-messages) for a reply that could not be read, or NO_RESPONSE_MESSAGE. */
  message: string | null;
};

/** The log entry of a command frame sent for a step. */
export function sentLogEntry(
  step: EraseStep,
  payload: Uint8Array,
  frame: Uint8Array,
): DeviceLogEntry {
  return {
    text: printable(payload),
    raw: frame,
    checksum: xorChecksum(payload),
    hex: toHexSpaced(frame),
    direction: 'sent',
    step,
    code: null,
    label: null,
    message: null,
  };
}

/** The log entry of what came back for a step (event null: nothing came back). */
export function receivedLogEntry(
  step: EraseStep,
  event: ParsedEvent | null,
  read: StepOutcome = readStepReply(step, event),
): DeviceLogEntry {
  const raw = event?.raw ?? new Uint8Array(0);
  return {
    text: event?.type === 'frame' ? printable(event.payload) : '',
    raw,
    checksum: event?.checksum ?? null,
    hex: toHexSpaced(raw),
    direction: 'received',
    step,
    code: read.code,
    label: read.label,
    message: read.message,
  };
}

/**
 * Reads a stored log again: the n-th received entry belongs to the n-th step (docs/product.md#erase-run: "the step is
 * derived from position in the log"), and its raw bytes are unpacked again. Entries past the erase
 * step are ignored.
 */
export function interpretEraseLog(
  entries: readonly Pick<DeviceLogEntry, 'raw' | 'direction'>[],
): StepOutcome[] {
  const out: StepOutcome[] = [];
  for (const entry of entries) {
    if (entry.direction !== 'received') continue;
    const step = stepAtPosition(out.length);
    if (step === null) break;
    const parser = createFrameParser();
    const events = [...parser.push(entry.raw), ...parser.end()];
    out.push(readStepReply(step, events[0] ?? null));
  }
  return out;
}
