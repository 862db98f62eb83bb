import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { modelPrefixes, models } from '../db/schema';

// Serial-number prefixes name a terminal's model. Read by the serial-number import (companies),
// Key Erase and the model list, so it lives below the features.

type PrefixRow = { prefix: string; modelId: string; model: string; family: string };

/** Every prefix with its model, longest first (a serial number takes the longest that matches). */
export async function listPrefixes(db: DbOrTx): Promise<PrefixRow[]> {
  const rows = await db
    .select({
      prefix: modelPrefixes.prefix,
      modelId: models.id,
      model: models.name,
      family: models.family,
    })
    .from(modelPrefixes)
    .innerJoin(models, eq(models.id, modelPrefixes.modelId));
  return rows.sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix));
}
