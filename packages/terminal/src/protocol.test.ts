import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, latin1, toHexSpaced } from './bytes';
import { encodeFrame } from './frame';
import {
  COMMAND_IDS,
  decodeCommand,
  decodeEraseFields,
  decodeFields,
  decodeReply,
  encodeCommand,
  encodeEraseCommand,
  encodeFields,
  encodeReply,
  readSerialText,
  textField,
} from './protocol';

const hex = (h: string) => fromHex(h.replace(/\s+/g, ''))!;

describe('commands', () => {
  it('has the documented ids and frames', () => {
    expect(COMMAND_IDS).toEqual({
      getSn: 1,
      getRn: 2,
      softReset: 3,
      erase: 4,
      loadCap: 5,
      getCertificate: 6,
    });
    expect(toHexSpaced(encodeFrame(encodeCommand('getCertificate')))).toBe('10 02 06 10 03 06');
    expect(toHexSpaced(encodeFrame(encodeCommand('getSn')))).toBe('10 02 01 10 03 01');
    expect(toHexSpaced(encodeFrame(encodeCommand('getRn')))).toBe('10 02 02 10 03 02');
    expect(toHexSpaced(encodeFrame(encodeCommand('softReset')))).toBe('10 02 03 10 03 03');
  });

  it('reads commands back', () => {
    expect(decodeCommand(encodeCommand('getRn'))).toEqual({ id: 2, name: 'getRn', fields: [] });
    expect(decodeCommand(Uint8Array.of(0x7f))).toEqual({ id: 0x7f, name: null, fields: [] });
    expect(decodeCommand(Uint8Array.of(1, 0, 5, 1))).toEqual({
      id: 1,
      name: 'getSn',
      fields: null,
    });
    expect(decodeCommand(new Uint8Array(0))).toBeNull();
  });

  it('carries the erase fields: RN, auth code, signature, chain', () => {
    const f = {
      rn: '0A1B2C3D4E5F6071',
      authCode: '1011121314151617',
      signature: 'AB'.repeat(64),
      certificateChain: '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n',
    };
    const payload = encodeEraseCommand(f);
    expect(toHexSpaced(payload.subarray(0, 21))).toBe(
      '04 00 10 30 41 31 42 32 43 33 44 34 45 35 46 36 30 37 31 00 08',
    );
    const cmd = decodeCommand(payload)!;
    expect(cmd.name).toBe('erase');
    expect(decodeEraseFields(cmd.fields!)).toEqual(f);
    expect(decodeEraseFields(cmd.fields!.slice(0, 3))).toBeNull();
    expect(() => encodeEraseCommand({ ...f, authCode: '12' })).toThrow(RangeError);
    expect(() => encodeEraseCommand({ ...f, signature: 'AB' })).toThrow(RangeError);
  });
});

describe('fields and replies', () => {
  it('round-trips any fields (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 6 }), (fields) => {
        expect(decodeFields(encodeFields(fields))).toEqual(fields);
        expect(decodeReply(encodeReply('623905', fields))).toEqual({ code: '623905', fields });
      }),
    );
  });

  it('rejects bytes that are not whole fields or lack a 6-digit code', () => {
    expect(decodeFields(hex('00'))).toBeNull();
    expect(decodeFields(hex('00 03 41 41'))).toBeNull();
    expect(decodeReply(hex('36 32 30 30 30'))).toBeNull();
    expect(decodeReply(hex('36 32 30 30 30 41'))).toBeNull();
    expect(decodeReply(hex('36 32 30 30 30 30'))).toEqual({ code: '620000', fields: [] });
    expect(() => encodeReply('62000')).toThrow(RangeError);
  });

  it('pads SN-like text fields and ends every text field with CR LF', () => {
    expect(latin1(textField('12345', 16))).toBe('0000000000012345\r\n');
    expect(latin1(textField('T650P'))).toBe('T650P\r\n');
  });
});

describe('readSerialText (docs/product.md#client-side)', () => {
  it('strips the last 2 characters and, when asked, leading zeros', () => {
    expect(readSerialText('0000000000012345\r\n')).toBe('0000000000012345');
    expect(readSerialText('0000000000012345\r\n', { stripLeadingZeros: true })).toBe('12345');
    expect(readSerialText('0000000000000000\r\n', { stripLeadingZeros: true })).toBe('');
    expect(readSerialText('AB')).toBe('');
    expect(readSerialText('')).toBe('');
    expect(readSerialText('A0B1xx', { stripLeadingZeros: true })).toBe('A0B1');
  });
});

describe('the worked examples of docs/terminal-protocol.md', () => {
  it('get SN reply', () => {
    const payload = encodeReply('620000', [
      textField('1234567890', 16),
      textField('4455667788', 16),
      textField('T650P'),
    ]);
    expect(toHexSpaced(encodeFrame(payload))).toBe(
      '10 02 36 32 30 30 30 30 00 12 30 30 30 30 30 30 31 32 33 34 35 36 37 38 39 30 0D 0A ' +
        '00 12 30 30 30 30 30 30 34 34 35 35 36 36 37 37 38 38 0D 0A 00 07 54 36 35 30 50 0D 0A ' +
        '10 03 32',
    );
  });

  it('SULD not enabled reply: the field length 0x0010 is stuffed', () => {
    const payload = encodeReply('670000', [new TextEncoder().encode('SULD_NOT_ENABLED')]);
    expect(toHexSpaced(encodeFrame(payload))).toBe(
      '10 02 36 37 30 30 30 30 00 10 10 53 55 4C 44 5F 4E 4F 54 5F 45 4E 41 42 4C 45 44 10 03 0F',
    );
  });

  it('short replies', () => {
    expect(toHexSpaced(encodeFrame(encodeReply('620000')))).toBe(
      '10 02 36 32 30 30 30 30 10 03 04',
    );
    expect(toHexSpaced(encodeFrame(encodeReply('623904')))).toBe(
      '10 02 36 32 33 39 30 34 10 03 0A',
    );
  });
});
