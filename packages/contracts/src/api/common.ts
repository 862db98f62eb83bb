import { z } from 'zod';

/** Every success answer wraps its payload in `data`. */
export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(200), msg: z.string(), data });

export const okEmpty = z.object({ status: z.literal(200), msg: z.string() });

export const listEnvelope = <T extends z.ZodType>(row: T) =>
  ok(z.object({ total: z.number().int().nonnegative(), data: z.array(row) }));
