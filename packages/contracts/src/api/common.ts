import { z } from 'zod';

/** Every error answer: HTTP status plus this body (docs/api.md#errors). */
export const errorBody = z.object({ status: z.number().int(), msg: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Every success answer wraps its payload in `data`. */
export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(200), msg: z.string(), data });

export const okEmpty = z.object({ status: z.literal(200), msg: z.string() });

export const listEnvelope = <T extends z.ZodType>(row: T) =>
  ok(z.object({ total: z.number().int().nonnegative(), data: z.array(row) }));
