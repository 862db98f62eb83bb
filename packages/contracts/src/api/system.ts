import { z } from 'zod';
import { ok } from './common';

/** Feature flags served by GET /config (docs/product.md#feature-flags). */
const featureFlags = z.object({
  home: z.string(),
  otpEnabled: z.boolean(),
  authenticatorOtpEnabled: z.boolean(),
  evaluateMode: z.boolean(),
  crtEnabled: z.boolean(),
  signerEnabled: z.boolean(),
  signerApkEnabled: z.boolean(),
  signerCapEnabled: z.boolean(),
  capEnabled: z.boolean(),
  capKeyEnabled: z.boolean(),
  capCrtEnabled: z.boolean(),
  keyEraseDemo: z.boolean(),
  enforceLogin: z.boolean(),
  showTimer: z.boolean(),
  /** Seconds without activity after which a session ends (IDLE_TIMEOUT_S). */
  idleTimeoutS: z.number().int().positive(),
  /** Company codes the permission catalogue needs (server configuration). */
  platformCompanyCode: z.string(),
  hqscCompanyCode: z.string(),
});
export type FeatureFlags = z.infer<typeof featureFlags>;
export const configResponse = ok(featureFlags);

export const ipResponse = ok(z.object({ ip: z.string() }));

export const healthResponse = z.object({ status: z.literal('ok'), version: z.string() });

/** GET /ready: 200 when the database answers and every migration is applied, else 503. */
export const readyResponse = z.object({
  status: z.enum(['ready', 'not ready']),
  reason: z.string().nullable(),
});

/** POST /msg/us (docs/product.md#validation: Contact Us). */
export const contactBody = z.strictObject({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .min(4, 'Minimum 4 symbols')
    .max(100, 'Maximum 150 symbols'),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .min(4, 'Minimum 4 symbols')
    .max(500, 'Maximum 500 symbols'),
});
