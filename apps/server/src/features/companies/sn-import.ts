import {
  IMPORT_REPORT_MAX_REJECTIONS,
  type ImportProgress,
  serialNumberField,
} from '@tkc/contracts/api/management';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/errors';
import { insertSerialNumbers, ownersOf } from './companies-repo';

type Rejection = {
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
const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
const HEADER = /^"?(sn|serial|serial[ _-]?number)"?$/i;

/** The first CSV column, unquoted. */
const firstColumn = (line: string) =>
  (line.split(/[,;\t]/)[0] ?? '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/** Longest line a CSV of serial numbers may have: a line is one number, not a megabyte. */
const IMPORT_MAX_LINE_CHARS = 1024;

type Candidate = { sn: string; line: number; modelId: string };
export type OnImportProgress = (progress: ImportProgress) => void;

/** Lines of a byte stream, decoded as UTF-8; a line past the limit stops the read at once. */
async function* linesOf(
  input: AsyncIterable<Buffer | string>,
  onChunkRead: (lines: number) => void,
) {
  const decoder = new TextDecoder();
  let partial = '';
  let lineNo = 0;
  let bytes = 0;
  for await (const chunk of input) {
    bytes += chunk.length;
    if (bytes > IMPORT_MAX_BYTES) {
      throw fail('sn.import_too_large', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
    }
    partial += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    const parts = partial.split(/\r?\n/);
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lineNo += 1;
      if (line.length > IMPORT_MAX_LINE_CHARS) {
        throw fail('sn.import_line_too_long', { line: lineNo, max: IMPORT_MAX_LINE_CHARS });
      }
      yield { line, lineNo };
    }
    if (partial.length > IMPORT_MAX_LINE_CHARS) {
      throw fail('sn.import_line_too_long', { line: lineNo + 1, max: IMPORT_MAX_LINE_CHARS });
    }
    onChunkRead(lineNo);
  }
  partial += decoder.decode();
  if (partial !== '') {
    yield { line: partial, lineNo: lineNo + 1 };
    onChunkRead(lineNo + 1);
  }
}

/**
 * Reads a CSV of serial numbers (first column; a header line is skipped) while it streams in,
 * outside any transaction, and sorts its lines into candidates and rejections (format, unknown
 * prefix, duplicate in the file). A slow upload holds no database lock (docs/architecture.md).
 */
export async function parseSerialCsv(
  input: AsyncIterable<Buffer | string>,
  prefixes: { prefix: string; modelId: string }[],
  onProgress: OnImportProgress = () => {},
): Promise<{ candidates: Candidate[]; report: ImportReport }> {
  const report: ImportReport = { imported: 0, already_owned: 0, rejected: [], is_truncated: false };
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  const onChunkRead = (lines: number) => onProgress({ phase: 'reading', lines });
  for await (const { line, lineNo } of linesOf(input, onChunkRead)) {
    const value = firstColumn(line);
    if (value === '' || (lineNo === 1 && HEADER.test(value))) continue;
    const parsed = serialNumberField.safeParse(value);
    if (!parsed.success) {
      rejectInto(report, { line: lineNo, value: value.slice(0, 64), reason: 'format' });
      continue;
    }
    const sn = parsed.data;
    const match = prefixes.find((p) => sn.startsWith(p.prefix));
    if (!match) {
      rejectInto(report, { line: lineNo, value: sn, reason: 'unknown-prefix' });
      continue;
    }
    if (seen.has(sn)) {
      rejectInto(report, { line: lineNo, value: sn, reason: 'duplicate-in-file' });
      continue;
    }
    seen.add(sn);
    candidates.push({ sn, line: lineNo, modelId: match.modelId });
  }
  return { candidates, report };
}

function rejectInto(report: ImportReport, rejection: Rejection) {
  if (report.rejected.length < IMPORT_REPORT_MAX_REJECTIONS) report.rejected.push(rejection);
  else report.is_truncated = true;
}

/**
 * Inserts the parsed candidates in batches inside the caller's (short) transaction: either all
 * of them are decided or none. Numbers another company holds are rejected, numbers the company
 * already holds counted.
 */
export async function applySerialImport(
  tx: DbOrTx,
  company: { id: string },
  parsed: { candidates: Candidate[]; report: ImportReport },
  onProgress: OnImportProgress = () => {},
): Promise<ImportReport> {
  const report = { ...parsed.report, rejected: [...parsed.report.rejected] };
  const total = parsed.candidates.length;
  for (let at = 0; at < total; at += BATCH) {
    onProgress({ phase: 'saving', saved: at, total });
    // PGlite answers in microtasks: without a turn of the event loop the count would reach the
    // socket only when the whole transaction is over.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = parsed.candidates.slice(at, at + BATCH);
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
      else rejectInto(report, { line: b.line, value: b.sn, reason: 'other-company' });
    }
  }
  report.rejected.sort((a, b) => a.line - b.line);
  return report;
}
