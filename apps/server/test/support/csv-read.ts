/**
 * A CSV file read as a spreadsheet reads it (RFC 4180): fields split on commas, records on CRLF
 * (or LF), a quoted field may hold commas, quotes ("" for one) and line breaks. Written here rather
 * than taken from the server so the export is checked by a reader that does not share its code.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === '') {
      // A quoted field: up to the closing quote, "" standing for one quote.
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('CSV: a quoted field is not closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i];
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n')
        throw new Error(`CSV: text after a closing quote at ${i}`);
      continue;
    }
    if (c === ',') {
      endField();
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (c === '\n') {
      endRecord();
      i++;
    } else {
      if (c === '"') throw new Error(`CSV: a quote inside an unquoted field at ${i}`);
      field += c;
      i++;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** The first characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
export const FORMULA_START = /^[=+\-@\t\r]/;
