// A list of serial numbers as a user gives it (docs/crt.md#web): typed or pasted, or a CSV file
// (one serial number per line, or several per line separated by commas, semicolons or spaces;
// a header line such as 'sn' or 'Serial Number' is skipped). Serial numbers are upper-cased as
// the server stores them.

const SERIAL = /^[A-Z0-9]{4,32}$/;

export type SerialList = {
  /** The serial numbers, in order, each once. */
  sns: string[];
  /** Entries that are not serial numbers (4-32 letters or digits), in order. */
  invalid: string[];
  /** Entries given more than once (kept once). */
  duplicates: string[];
};

export function parseSerialList(text: string): SerialList {
  const lines = text.split(/\r?\n/);
  const sns: string[] = [];
  const invalid: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const cells = line
      .split(/[,;\t ]+/)
      .map((c) =>
        c
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim()
          .toUpperCase(),
      )
      .filter(Boolean);
    const isHeader = index === 0 && cells.length > 0 && cells.every((c) => !/\d/.test(c));
    if (isHeader) return;
    for (const cell of cells) {
      if (!SERIAL.test(cell)) invalid.push(cell);
      else if (seen.has(cell)) duplicates.push(cell);
      else {
        seen.add(cell);
        sns.push(cell);
      }
    }
  });
  return { sns, invalid, duplicates };
}
