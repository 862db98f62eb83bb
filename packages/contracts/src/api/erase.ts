import { z } from 'zod';
import { ERASE_PAGE_SIZE } from '../constants';
import { ERASE_STATUS } from '../erase-status';
import { calendarDateField } from '../fields';
import { ok } from './common';

// Key Erase API (docs/product.md#erase-calls): /uld/erase/*.

const eraseStatusIndex = z
  .number()
  .int()
  .min(0)
  .max(ERASE_STATUS.length - 1, 'Unknown erase status');

/** What the terminal reported; checked for shape here, for ownership by the server. */
export const eraseAuthBody = z.strictObject({
  sn: z.string().trim().max(64),
  esn: z.string().trim().max(64),
  /** The terminal's random challenge: 16 hex digits. */
  rn: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{16}$/, 'rn must be 16 hex digits'),
});
export const eraseAuthResponse = ok(
  z.object({
    authCode: z.string(),
    signature: z.string(),
    certificateChain: z.string(),
    model: z.string(),
  }),
);
/** A refused authorisation names the run's final erase status (docs/erase-status.md#the-table). */
export const eraseRefusal = z.object({
  status: z.number(),
  msg: z.string(),
  erase_status: z.number(),
});

export const deviceLogLine = z.object({
  direction: z.enum(['sent', 'received']).optional(),
  text: z.string().max(2000),
  hex: z.string().max(20_000),
  checksum: z.string().max(16),
});

/** POST /uld/erase: the outcome of one run, recorded by the page that ran it. */
export const eraseRecordBody = z.strictObject({
  sn: z.string().trim().max(64).default(''),
  esn: z.string().trim().max(64).default(''),
  rn: z.string().trim().max(64).default(''),
  status: eraseStatusIndex,
  log: z.array(deviceLogLine).max(64).default([]),
});

const eraseRecord = z.object({
  id: z.string(),
  sn: z.string(),
  esn: z.string(),
  rn: z.string(),
  status: z.number().int(),
  isReported: z.boolean(),
  isRespond: z.boolean(),
  additional_information: z.string(),
  model: z.string().nullable(),
  user_email: z.string(),
  company_code: z.string(),
  created_at: z.string(),
  log: z.array(deviceLogLine),
});
export type EraseRecord = z.infer<typeof eraseRecord>;
export const eraseRecordResponse = ok(eraseRecord);

export const ERASE_SORT_COLUMNS = ['created_at', 'sn', 'status'] as const;

const commaNumbers = z
  .string()
  .max(400)
  .transform((v, ctx) => {
    const items = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const numbers = items.map(Number);
    // Status indices are small: anything past 999 is no status (and no number the database keeps).
    if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 999)) {
      ctx.addIssue({
        code: 'custom',
        message: 'filter must be a comma-separated list of status numbers',
      });
      return z.NEVER;
    }
    return numbers;
  });

const dateParam = calendarDateField;

/** GET /uld/erase with the parameters of docs/product.md#erase-calls. */
export const eraseListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ERASE_PAGE_SIZE),
  pageNumber: z.coerce.number().int().min(1).default(1),
  sortBy: z.enum(ERASE_SORT_COLUMNS, { error: 'Unknown sort column' }).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(100, 'Maximum field length: 100').optional(),
  startDate: dateParam.optional(),
  endDate: dateParam.optional(),
  filter: commaNumbers.optional(),
});
export type EraseListQuery = z.infer<typeof eraseListQuery>;

export const eraseListResponse = ok(
  z.object({ total: z.number().int(), data: z.array(eraseRecord.omit({ log: true })) }),
);

/** PATCH /uld/erase/{id}: a failure report with what the user adds. */
export const eraseReportBody = z.strictObject({
  isReported: z.literal(true),
  isRespond: z.literal(false),
  additional_information: z.string().trim().max(1000, 'Maximum 1000 symbols').default(''),
});

/** GET /uld/erase/demo-terminal (demo mode only): what the simulated terminal trusts. */
export const demoTerminalResponse = ok(
  z.object({
    model: z.string(),
    sn: z.string(),
    esn: z.string(),
    /** The demo model's erase key, hex: only ever for the demo model, never a real one. */
    eraseKey: z.string(),
    rootCertificate: z.string(),
  }),
);
