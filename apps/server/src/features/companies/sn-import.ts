import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { IMPORT_REPORT_MAX_REJECTIONS, serialNumberField } from '@tkc/contracts/api/management';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { insertSerialNumbers, ownersOf } from './companies-repo';

export type Rejection = {
  line: number;
  value: string;
  reason: 'format' | 'unknown-prefix' | 'other-company' | 'duplicate-in-file';
};
export type ImportReport = {
  imported: number;
  already_owned: number;
  rejected: Rejection[];
  is_truncated: boolean;
};

const BATCH = 1000;
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
const HEADER = /^"?(sn|serial|serial[ _-]?number)"?$/i;

/** The first CSV column, unquoted. */
const firstColumn = (line: string) =>
  (line.split(/[,;\t]/)[0] ?? '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * Reads a CSV of serial numbers line by line (memory stays flat at any size) and inserts them in
 * batches inside the caller's transaction: either the whole import commits or none of it.
 * Lines that cannot be imported are reported with their reason, not imported.
 */
export async function importSerialNumbers(
  tx: DbOrTx,
  input: Readable,
  company: { id: string },
  prefixes: { prefix: string; modelId: string }[],
): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, already_owned: 0, rejected: [], is_truncated: false };
  const reject = (r: Rejection) => {
    if (report.rejected.length < IMPORT_REPORT_MAX_REJECTIONS) report.rejected.push(r);
    else report.is_truncated = true;
  };
  const seen = new Set<string>();
  let batch: { sn: string; line: number; modelId: string }[] = [];
  let bytes = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const inserted = await insertSerialNumbers(
      tx,
      batch.map((b) => ({ companyId: company.id, sn: b.sn, modelId: b.modelId })),
    );
    report.imported += inserted.size;
    const others = batch.filter((b) => !inserted.has(b.sn));
    const owners = await ownersOf(
      tx,
      others.map((b) => b.sn),
    );
    for (const b of others) {
      if (owners.get(b.sn) === company.id) report.already_owned++;
      else reject({ line: b.line, value: b.sn, reason: 'other-company' });
    }
    batch = [];
  };

  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNo = 0;
  for await (const raw of lines) {
    lineNo++;
    bytes += raw.length + 1;
    if (bytes > IMPORT_MAX_BYTES) throw new AppError(413, 'The file is larger than 16 MB');
    const value = firstColumn(raw);
    if (value === '' || (lineNo === 1 && HEADER.test(value))) continue;
    const parsed = serialNumberField.safeParse(value);
    if (!parsed.success) {
      reject({ line: lineNo, value: value.slice(0, 64), reason: 'format' });
      continue;
    }
    const sn = parsed.data;
    const match = prefixes.find((p) => sn.startsWith(p.prefix));
    if (!match) {
      reject({ line: lineNo, value: sn, reason: 'unknown-prefix' });
      continue;
    }
    if (seen.has(sn)) {
      reject({ line: lineNo, value: sn, reason: 'duplicate-in-file' });
      continue;
    }
    seen.add(sn);
    batch.push({ sn, line: lineNo, modelId: match.modelId });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return report;
}
