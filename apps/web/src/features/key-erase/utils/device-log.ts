import type { deviceLogLine } from '@tkc/contracts/api/erase';
import type { EraseStep } from '@tkc/contracts/erase-status';
import { fromHex } from '@tkc/terminal/bytes';
import {
  type DeviceLogEntry,
  ERASE_STEPS,
  interpretEraseLog,
  stepAtPosition,
} from '@tkc/terminal/erase-log';
import type { z } from 'zod';

// The device log (docs/product.md#device-log) as the page shows it, both for
// a run in progress and for a stored record, whose received lines are unpacked again.

export type StoredLogLine = z.infer<typeof deviceLogLine>;

/** One row of the device log view. */
export type DeviceLogRow = {
  direction: 'sent' | 'received' | null;
  step: EraseStep | null;
  /** The unpacked payload ('' when nothing could be unpacked). */
  text: string;
  /** The bytes as on the line, as spaced hex pairs ('' when nothing came). */
  hex: string;
  /** The check byte as two hex digits; '' when there is none. */
  checksum: string;
  /** The reply's result code. */
  code: string | null;
  /** The log line (docs/erase-status.md#log-lines) ('SN Fail', 'RESET OK', ...). */
  label: string | null;
  /** The terminal message ('Response is all zero', 'DLE unpack Failed, ...', no response). */
  message: string | null;
};

/** Server-side bounds of a stored log line (contracts' deviceLogLine). */
const MAX_TEXT = 2000;
const MAX_HEX = 20_000;

const checksumHex = (checksum: number | null): string =>
  checksum === null ? '' : checksum.toString(16).toUpperCase().padStart(2, '0');

export const rowOfEntry = (e: DeviceLogEntry): DeviceLogRow => ({
  direction: e.direction,
  step: e.step,
  text: e.text,
  hex: e.hex,
  checksum: checksumHex(e.checksum),
  code: e.code,
  label: e.label,
  message: e.message,
});

/** The line POST /uld/erase stores for one entry. */
export const storedLineOf = (e: DeviceLogEntry): StoredLogLine => ({
  direction: e.direction,
  text: e.text.slice(0, MAX_TEXT),
  hex: e.hex.slice(0, MAX_HEX),
  checksum: checksumHex(e.checksum),
});

const bytesOfHex = (hex: string): Uint8Array =>
  fromHex(hex.replace(/\s+/g, '')) ?? new Uint8Array(0);

/**
 * The rows of a stored log. Each received line is unpacked again from its bytes and read by its
 * position (docs/product.md#erase-run), which gives back its result
 * code, log line and terminal message. A line without a direction is taken by position too: the
 * host speaks first, so even lines are sent and odd lines received.
 */
export function rowsOfStoredLog(lines: readonly StoredLogLine[]): DeviceLogRow[] {
  const withDirection = lines.map((line, i) => ({
    line,
    direction: line.direction ?? (i % 2 === 0 ? ('sent' as const) : ('received' as const)),
    raw: bytesOfHex(line.hex),
  }));
  const outcomes = interpretEraseLog(withDirection);
  let sent = 0;
  let received = 0;
  return withDirection.map(({ line, direction }) => {
    if (direction === 'sent') {
      const step = ERASE_STEPS[sent++] ?? null;
      return { ...baseRow(line), direction, step };
    }
    const position = received++;
    const outcome = outcomes[position];
    return {
      ...baseRow(line),
      direction,
      step: stepAtPosition(position),
      code: outcome?.code ?? null,
      label: outcome?.label ?? null,
      message: outcome?.message ?? null,
    };
  });
}

const baseRow = (line: StoredLogLine): DeviceLogRow => ({
  direction: null,
  step: null,
  text: line.text,
  hex: line.hex,
  checksum: line.checksum,
  code: null,
  label: null,
  message: null,
});
