import { ERASE_STATUS, eraseStatusMessage } from '@tkc/contracts/erase-status';
import { describe, expect, it } from 'vitest';
import { utf8 } from './bytes';
import {
  interpretEraseLog,
  NO_RESPONSE_MESSAGE,
  readStepReply,
  receivedLogEntry,
  sentLogEntry,
  stepAtPosition,
} from './erase-log';
import { createFrameParser, encodeFrame, type ParsedEvent } from './frame';
import { encodeCommand, encodeReply, textField } from './protocol';

const frameOf = (payload: Uint8Array): ParsedEvent =>
  createFrameParser().push(encodeFrame(payload))[0]!;
const reply = (code: string, ...fields: string[]) => frameOf(encodeReply(code, fields.map(utf8)));
const corrupt = createFrameParser().push(Uint8Array.of(0x41))[0]!;
const zero = createFrameParser().push(new Uint8Array(4))[0]!;
const snReply = (sn: string, esn = '77', model = 'T650P') =>
  frameOf(encodeReply('620000', [textField(sn, 16), textField(esn, 16), textField(model)]));

describe('readStepReply', () => {
  it('reads an SN reply with the reader rule (padding and CR LF stripped)', () => {
    expect(readStepReply('sn', snReply('1234567890', '4455'))).toEqual({
      step: 'sn',
      ok: true,
      status: 0,
      label: null,
      code: '620000',
      reason: null,
      message: null,
      values: ['1234567890', '4455', 'T650P'],
    });
    expect(readStepReply('rn', reply('620000', '0A1B2C3D4E5F6071\r\n'))).toMatchObject({
      ok: true,
      values: ['0A1B2C3D4E5F6071'],
    });
    expect(readStepReply('reset', reply('620000'))).toMatchObject({ ok: true, label: 'RESET OK' });
    expect(readStepReply('erase', reply('620000'))).toMatchObject({
      ok: true,
      label: 'ERASE OK',
      status: 0,
    });
  });

  // [step, event, status index, log line]
  const cases: [string, Parameters<typeof readStepReply>[0], ParsedEvent | null, number, string][] =
    [
      ['no answer to SN', 'sn', null, 12, 'SN Fail'],
      ['no answer to RN', 'rn', null, 11, 'RN Fail'],
      ['no answer to reset', 'reset', null, 14, 'RESET Fail'],
      ['no answer to erase', 'erase', null, 15, 'ERASE Fail'],
      ['corrupt SN reply', 'sn', corrupt, 3, 'SN Fail'],
      ['all-zero RN reply', 'rn', zero, 9, 'RN Fail'],
      ['corrupt reset reply', 'reset', corrupt, 5, 'RESET Fail'],
      ['corrupt erase reply', 'erase', corrupt, 8, 'ERASE Fail'],
      ['670000 to SN', 'sn', reply('670000'), 3, 'SN Fail'],
      ['670000 to RN', 'rn', reply('670000'), 9, 'RN Fail'],
      ['670000 to reset', 'reset', reply('670000'), 5, 'RESET Fail'],
      ['670000 to erase', 'erase', reply('670000'), 20, 'ERASE Fail'],
      ['670000 with an unknown reason', 'erase', reply('670000', 'WHATEVER'), 20, 'ERASE Fail'],
      ['SULD not enabled', 'sn', reply('670000', 'SULD_NOT_ENABLED'), 19, 'SN Fail'],
      ['620008 to erase', 'erase', reply('620008'), 21, 'ERASE Fail'],
      ['620008 to reset', 'reset', reply('620008'), 46, 'RESET Fail'],
      ['623901', 'erase', reply('623901'), 22, 'ERASE Fail'],
      ['623917', 'reset', reply('623917'), 38, 'RESET Fail'],
      ['623999', 'erase', reply('623999'), 45, 'ERASE Fail'],
      ['AUTH_CODE_ERROR by name', 'erase', reply('670000', 'AUTH_CODE_ERROR'), 42, 'ERASE Fail'],
      ['HASH_ERROR by name', 'erase', reply('670000', 'HASH_ERROR'), 40, 'ERASE Fail'],
      ['an unknown code', 'erase', reply('123456'), 46, 'ERASE Fail'],
      ['a frame that is no reply', 'sn', frameOf(utf8('hello')), 46, 'SN Fail'],
      ['an empty SN', 'sn', snReply(''), 13, 'SN Fail'],
      ['an SN with bad characters', 'sn', snReply('12#45'), 10, 'SN Fail'],
      ['an SN reply without fields', 'sn', reply('620000'), 10, 'SN Fail'],
      ['an RN that is not 16 hex digits', 'rn', reply('620000', '12\r\n'), 9, 'RN Fail'],
    ];
  it.each(cases)('%s', (_, step, event, status, label) => {
    const r = readStepReply(step, event);
    expect(r.ok).toBe(false);
    expect(r.status).toBe(status);
    expect(r.label).toBe(label);
    expect(ERASE_STATUS[r.status]).toBe(eraseStatusMessage(status));
  });

  it('carries the product message of unreadable replies', () => {
    expect(readStepReply('sn', corrupt).message).toBe(
      'DLE unpack Failed, Wrong format response from terminal, reconnect the terminal and try again',
    );
    expect(readStepReply('sn', zero).message).toBe('Response is all zero');
    expect(readStepReply('sn', null).message).toBe(NO_RESPONSE_MESSAGE);
  });
});

describe('device log entries', () => {
  it('hold text, raw bytes, checksum and hex', () => {
    const payload = encodeCommand('getSn');
    expect(sentLogEntry('sn', payload, encodeFrame(payload))).toEqual({
      text: '.',
      raw: encodeFrame(payload),
      checksum: 1,
      hex: '10 02 01 10 03 01',
      direction: 'sent',
      step: 'sn',
      code: null,
      label: null,
      message: null,
    });
    const e = receivedLogEntry('reset', reply('620000'));
    expect(e).toMatchObject({
      text: '620000',
      checksum: 0x36 ^ 0x32 ^ 0x30 ^ 0x30 ^ 0x30 ^ 0x30,
      hex: '10 02 36 32 30 30 30 30 10 03 04',
      direction: 'received',
      code: '620000',
      label: 'RESET OK',
    });
    expect(receivedLogEntry('erase', null)).toMatchObject({
      raw: new Uint8Array(0),
      hex: '',
      checksum: null,
    });
  });

  it('are read again by position: the n-th reply is the n-th step', () => {
    const entries = [
      sentLogEntry('sn', encodeCommand('getSn'), encodeFrame(encodeCommand('getSn'))),
      receivedLogEntry('sn', snReply('99')),
      receivedLogEntry('rn', reply('620000', '0A1B2C3D4E5F6071\r\n')),
      receivedLogEntry('reset', corrupt),
    ];
    expect(interpretEraseLog(entries).map((o) => [o.step, o.status, o.label])).toEqual([
      ['sn', 0, null],
      ['rn', 0, null],
      ['reset', 5, 'RESET Fail'],
    ]);
    expect(stepAtPosition(3)).toBe('erase');
    expect(stepAtPosition(4)).toBeNull();
  });
});
