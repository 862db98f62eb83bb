import { createHash } from 'node:crypto';
import { KCG_MAX_TERMINALS } from '@tkc/contracts/api/crt';
import type { DbOrTx } from '../../db/client';
import { AppError, fail } from '../../lib/errors';
import type { ActorContext } from '../access/actor-service';
import {
  countSerialsByModel,
  findCompanySerials,
  findModelById,
  listModels,
  listSerialsOfModel,
  searchSerials,
} from './crt-requests-repo';

// What a certificate request is made from (docs/crt.md#data): the company's serial numbers and
// the supported models, as the management pages keep them. The form sends back the version of
// the model list it was filled from; a list changed underneath answers 'Model info is
// received, please refresh and try again' (docs/product.md#tools).

type Model = { id: string; name: string; family: string };

/** A short digest of the model list: changes whenever a model is added, renamed or removed. */
function modelsVersionOf(list: readonly Model[]): string {
  const text = list
    .map((m) => `${m.id}\t${m.name}\t${m.family}`)
    .sort()
    .join('\n');
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** GET /crt/data: the caller's company, the models with its serial counts, the list version. */
export async function crtData(db: DbOrTx, actor: ActorContext) {
  try {
    const [list, counts] = await Promise.all([
      listModels(db),
      countSerialsByModel(db, actor.companyId),
    ]);
    const countOf = (id: string | null) => counts.find((c) => c.model_id === id)?.n ?? 0;
    return {
      company_id: actor.companyId,
      company_code: actor.companyCode,
      models: list.map((m) => ({ ...m, serial_count: countOf(m.id) })),
      models_version: modelsVersionOf(list),
      serial_count: counts.reduce((sum, c) => sum + c.n, 0),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The product's own words for data that cannot be read (docs/product.md#tools).
    throw fail('crt.data_failed');
  }
}

/** GET /crt/serial-numbers: the company's serial numbers starting with the keyword. */
export async function crtSerials(
  db: DbOrTx,
  actor: ActorContext,
  query: { keyword: string; model_id?: string; limit: number },
) {
  try {
    const rows = await searchSerials(db, actor.companyId, {
      keyword: query.keyword,
      modelId: query.model_id,
      limit: query.limit,
    });
    return {
      total: rows[0]?.total ?? 0,
      data: rows.map((r) => ({ sn: r.sn, model_id: r.model_id, model_name: r.model_name })),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fail('crt.data_failed');
  }
}

/** The chosen model, when the form's model list is still the server's. */
export async function checkedModel(db: DbOrTx, modelId: string, modelsVersion: string) {
  const list = await listModels(db);
  const model = list.find((m) => m.id === modelId);
  if (!model || modelsVersionOf(list) !== modelsVersion) throw fail('crt.models_changed');
  return model;
}

/**
 * Serial numbers of the company, each of the chosen model (or of no known model): listed once,
 * known to the company (another company's terminal reads as unknown), not another model's.
 */
export async function checkedSerials(
  db: DbOrTx,
  companyId: string,
  model: Model,
  sns: readonly string[],
): Promise<string[]> {
  const seen = new Set<string>();
  for (const sn of sns) {
    if (seen.has(sn)) throw fail('crt.sn_duplicate', { sn });
    seen.add(sn);
  }
  const rows = new Map((await findCompanySerials(db, companyId, sns)).map((r) => [r.sn, r]));
  for (const sn of sns) {
    const row = rows.get(sn);
    if (!row) throw fail('crt.sn_unknown', { sn });
    if (row.modelId && row.modelId !== model.id) {
      const actual = (await findModelById(db, row.modelId))?.name ?? '?';
      throw fail('crt.sn_model_mismatch', { sn, actual, model: model.name });
    }
  }
  return [...sns];
}

/** Every serial number of the company of this model (a group by model), within the limit. */
export async function serialsOfModel(db: DbOrTx, companyId: string, model: Model) {
  const sns = await listSerialsOfModel(db, companyId, model.id, KCG_MAX_TERMINALS + 1);
  if (sns.length === 0) throw fail('crt.group_empty', { model: model.name });
  if (sns.length > KCG_MAX_TERMINALS) {
    const counts = await countSerialsByModel(db, companyId);
    const count = counts.find((c) => c.model_id === model.id)?.n ?? sns.length;
    throw fail('crt.group_too_large', { max: KCG_MAX_TERMINALS, count });
  }
  return sns;
}
