import { ERASE_LOG_LABELS } from '@tkc/contracts/erase-status';
import { toHexSpaced } from '@tkc/terminal/bytes';
import { receivedLogEntry, sentLogEntry } from '@tkc/terminal/erase-log';
import { ALL_ZERO_MESSAGE, DLE_UNPACK_FAILED_MESSAGE, encodeFrame } from '@tkc/terminal/frame';
import { encodeCommand, encodeReply } from '@tkc/terminal/protocol';
import { describe, expect, it } from 'vitest';
import { rowOfEntry, rowsOfStoredLog, storedLineOf } from './device-log';

const sent = (step: 'sn' | 'rn' | 'reset', name: 'getSn' | 'getRn' | 'softReset') => {
  const payload = encodeCommand(name);
  return sentLogEntry(step, payload, encodeFrame(payload));
};

describe('device log rows', () => {
  it('stores what POST /uld/erase accepts and reads it back with its labels', () => {
    const okFrame = encodeFrame(encodeReply('620000'));
    const corrupt = okFrame.slice();
    corrupt[corrupt.length - 1]! ^= 0x5a;
    const run = [
      sent('sn', 'getSn'),
      receivedLogEntry('sn', {
        type: 'zero',
        raw: new Uint8Array(16),
        length: 16,
        message: ALL_ZERO_MESSAGE,
        checksum: null,
      }),
    ];
    const stored = run.map(storedLineOf);
    expect(stored[0]).toEqual({
      direction: 'sent',
      text: run[0]!.text,
      hex: '10 02 01 10 03 01',
      checksum: '01',
    });
    expect(stored[1]!.checksum).toBe('');
    const rows = rowsOfStoredLog(stored);
    expect(rows.map((r) => [r.direction, r.step, r.label, r.message])).toEqual([
      ['sent', 'sn', null, null],
      ['received', 'sn', ERASE_LOG_LABELS.snFail, ALL_ZERO_MESSAGE],
    ]);
    expect(rows).toEqual(run.map(rowOfEntry));

    const corruptRows = rowsOfStoredLog([
      { direction: 'sent', text: '', hex: '', checksum: '' },
      { direction: 'received', text: '', hex: toHexSpaced(corrupt), checksum: '' },
    ]);
    expect(corruptRows[1]!.message).toBe(DLE_UNPACK_FAILED_MESSAGE);
  });

  it('takes lines without a direction by position and labels a missing reply', () => {
    const rows = rowsOfStoredLog([
      { text: 'x', hex: '10 02 01 10 03 01', checksum: '01' },
      { text: '', hex: '', checksum: '' },
    ]);
    expect(rows[0]!.direction).toBe('sent');
    expect(rows[1]!.direction).toBe('received');
    expect(rows[1]!.label).toBe(ERASE_LOG_LABELS.snFail);
    expect(rows[1]!.message).toBe('No response from terminal');
  });
});
