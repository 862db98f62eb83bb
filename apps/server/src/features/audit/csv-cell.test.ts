import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../test/support/csv-read';
import { csvCell } from './audit-query-service';

// The cell guard of GET /audit/export (docs/security.md): RFC 4180 quoting, and a text a
// spreadsheet would run as a formula kept as text by a leading apostrophe.

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3@acme.test', "'-2+3@acme.test"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('keeps %j as text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
    // Read back, the cell is the text with its apostrophe, never a formula.
    expect(readCsv(`${cell}\r\n`)).toEqual([[`'${value}`]]);
  });

  it.each([
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['1-2', '1-2'],
    ['', ''],
    ['comma, inside', '"comma, inside"'],
    ['quote " inside', '"quote "" inside"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('leaves %j as it is, quoted where RFC 4180 wants it', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
    expect(readCsv(`${cell},x\r\n`)).toEqual([[value, 'x']]);
  });

  it('writes null as an empty cell, numbers as digits and objects as JSON', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-5)).toBe("'-5");
    expect(csvCell(42)).toBe('42');
    expect(csvCell({ name: '=1', n: 1 })).toBe('"{""name"":""=1"",""n"":1}"');
  });
});
