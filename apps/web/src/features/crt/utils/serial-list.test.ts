import { describe, expect, it } from 'vitest';
import { parseSerialList } from './serial-list';

describe('parseSerialList', () => {
  it('reads one per line, or several separated by commas, semicolons or spaces', () => {
    expect(parseSerialList('t6000001\nT6000002, T6000003;T6000004 T6000005\n\n').sns).toEqual([
      'T6000001',
      'T6000002',
      'T6000003',
      'T6000004',
      'T6000005',
    ]);
  });

  it('skips a header line and quotes, keeps each once, names what is not a serial number', () => {
    expect(parseSerialList('Serial Number\r\n"T6000001"\nT6000001\nAB\nT6-0001\n')).toEqual({
      sns: ['T6000001'],
      invalid: ['AB', 'T6-0001'],
      duplicates: ['T6000001'],
    });
  });

  it('a first line with a serial number is no header', () => {
    expect(parseSerialList('T6000001\nT6000002').sns).toHaveLength(2);
    expect(parseSerialList('').sns).toEqual([]);
  });
});
