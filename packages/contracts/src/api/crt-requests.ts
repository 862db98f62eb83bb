import { z } from 'zod';
import { boundedText, textBounds } from '../forms';
import { listQuerySchema } from '../list-query';
import { listEnvelope, ok } from './common';
import {
  CRT_MAX_SERIALS,
  KCG_MAX_TERMINALS,
  labelField,
  modelsVersionField,
  serialNumberList,
} from './crt';
import { serialNumberField } from './management';

// Certificate CAP and Key Certificate Group requests (docs/crt.md#api): a crt-user asks for the
// certificates of serial numbers of their company (POST /crt/requests), a kcg-manager or a user
// of the head-office company for a group (POST /kcg/requests); a crt-manager of the company
// approves or rejects either (/crt/requests/{id}/approve, /reject), never their own request.

/** crt: one CAP per terminal; kcg: one CAP for the whole group. */
export const CRT_TOOLS = ['crt', 'kcg'] as const;
export type CrtTool = (typeof CRT_TOOLS)[number];

/**
 * Where a request stands: waiting for a manager, approved and being issued, issued (the CAP
 * is ready), rejected, or approved but issuing failed.
 */
export const CRT_REQUEST_STATUSES = ['pending', 'issuing', 'issued', 'rejected', 'failed'] as const;
export type CrtRequestStatus = (typeof CRT_REQUEST_STATUSES)[number];
const CRT_REQUEST_SORT_COLUMNS = ['created_at', 'status'] as const;

const modelIdField = z.uuid('Model is required');
const commentField = boundedText('comment', 'Comment');

/** POST /crt/requests: one serial number, or a list (a CSV file's lines). */
export const crtRequestBody = z.strictObject({
  sns: serialNumberList(CRT_MAX_SERIALS),
  model_id: modelIdField,
  /** The models_version of GET /crt/data the form was filled from. */
  models_version: modelsVersionField,
  comment: commentField,
});
export type CrtRequestBody = z.input<typeof crtRequestBody>;

/** POST /kcg/requests: every terminal of a model, or a list of serial numbers. */
export const kcgRequestBody = z
  .strictObject({
    name: labelField,
    model_id: modelIdField,
    models_version: modelsVersionField,
    selection: z.enum(['model', 'list'], { error: 'Selection is required' }),
    sns: z
      .array(serialNumberField)
      .max(KCG_MAX_TERMINALS, `At most ${KCG_MAX_TERMINALS} serial numbers.`)
      .default([]),
    comment: commentField,
  })
  .superRefine((body, ctx) => {
    if (body.selection === 'list' && body.sns.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['sns'],
        message: 'Please give at least one serial number.',
      });
    }
  });
export type KcgRequestBody = z.input<typeof kcgRequestBody>;

/** GET /crt/requests */
export const crtRequestListQuery = listQuerySchema(CRT_REQUEST_SORT_COLUMNS).extend({
  tool: z.enum(CRT_TOOLS, { error: "tool must be 'crt' or 'kcg'" }).optional(),
  view: z.enum(['mine', 'all'], { error: "view must be 'mine' or 'all'" }).default('all'),
  status: z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(CRT_REQUEST_STATUSES, { error: 'Unknown status' })).max(5))
    .optional(),
});
export type CrtRequestListQuery = z.infer<typeof crtRequestListQuery>;

const crtRequestRow = z.object({
  id: z.string(),
  tool: z.enum(CRT_TOOLS),
  status: z.enum(CRT_REQUEST_STATUSES),
  company_code: z.string(),
  requester_email: z.string(),
  decider_email: z.string().nullable(),
  model_name: z.string(),
  selection: z.enum(['model', 'list']),
  /** The group's name, or the Certificate CAP's (its first serial number). */
  label: z.string(),
  sn_count: z.number().int(),
  /** The first serial numbers (at most 5). */
  sns_preview: z.array(z.string()),
  comment: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type CrtRequestRow = z.infer<typeof crtRequestRow>;

export const crtRequestListResponse = listEnvelope(crtRequestRow);

const crtRequestDetail = crtRequestRow.extend({
  sns: z.array(z.string()),
  reason: z.string().nullable(),
  /** A group's CAP, once issued. */
  output: z
    .object({
      sha256: z.string(),
      size: z.number().int(),
      file_name: z.string(),
      issued_at: z.string(),
    })
    .nullable(),
  failure: z
    .object({
      code: z.string().nullable(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      message: z.string(),
    })
    .nullable(),
  history: z.array(
    z.object({ at: z.string(), event: z.string(), actor_email: z.string(), note: z.string() }),
  ),
  can_decide: z.boolean(),
  can_download: z.boolean(),
});
export type CrtRequestDetail = z.infer<typeof crtRequestDetail>;
export const crtRequestResponse = ok(crtRequestDetail);

/** POST /crt/requests/{id}/reject */
export const crtRejectBody = z.strictObject({ reason: boundedText('comment', 'Reason') });
/** POST /crt/requests/{id}/approve */
export const crtApproveBody = z.strictObject({
  note: z.string().trim().max(textBounds.comment[1], 'Maximum field length: 255').default(''),
});
