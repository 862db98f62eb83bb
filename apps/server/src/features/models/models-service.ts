import { can } from '@tkc/contracts/access/permissions';
import {
  APP_NAME_MAX,
  type MODEL_SORT_COLUMNS,
  type modelBody,
  type modelPatchBody,
} from '@tkc/contracts/api/management';
import { dateRangeOf, type ListQueryParams } from '@tkc/contracts/list-query';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { listPrefixes } from '../../lib/model-prefixes';
import { assertCan } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import { eraseKeyFor } from '../erase/erase-service';
import {
  deleteModel,
  findModel,
  findModelByName,
  insertModel,
  listModelRows,
  type ModelRecord,
  prefixesHeldElsewhere,
  replacePrefixes,
  updateModel,
} from './models-repo';

export type ModelsDeps = { db: Db; clock: () => Date; box: SecretBox };

/** Models are open to every signed-in user; their prefixes only to those granted model.prefix.view. */
const canViewPrefixes = (actor: ActorContext) => can(actor, 'model.prefix.view');

const toRow = (r: ModelRecord, isPrefixVisible: boolean) => ({
  id: r.id,
  name: r.name,
  family: r.family,
  description: r.description,
  app_name_max: APP_NAME_MAX[r.family],
  prefixes: isPrefixVisible ? r.prefixes : [],
  created_at: new Date(r.created_at).toISOString(),
});

export async function listModels(
  deps: ModelsDeps,
  actor: ActorContext,
  query: ListQueryParams<(typeof MODEL_SORT_COLUMNS)[number]>,
) {
  const isPrefixVisible = canViewPrefixes(actor);
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const rows = await listModelRows(
    deps.db,
    {
      keyword: query.keyword,
      canSearchPrefixes: isPrefixVisible,
      families: query.status,
      start,
      endExclusive,
    },
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sortby: query.sortby,
      sort: query.sort,
    },
  );
  return { total: Number(rows[0]?.total ?? 0), data: rows.map((r) => toRow(r, isPrefixVisible)) };
}

/** GET /models/prefix: what the tooling needs to check serial numbers and app names. */
export async function prefixTable(deps: ModelsDeps) {
  return (await listPrefixes(deps.db)).map((p) => ({
    prefix: p.prefix,
    model: p.model,
    family: p.family as 'older' | 'newer',
    app_name_max: APP_NAME_MAX[p.family as 'older' | 'newer'],
  }));
}

async function oneModel(deps: ModelsDeps, actor: ActorContext, id: string) {
  const [row] = await listModelRows(
    deps.db,
    { id },
    { limit: 1, offset: 0, sortby: 'name', sort: 'asc' },
  );
  if (!row) throw fail('request.not_found');
  return toRow(row, canViewPrefixes(actor));
}

type ModelInput = z.infer<typeof modelBody>;

/** Only a platform owner edits models (docs/permissions.md: `model.edit`). */
const assertCanEdit = (actor: ActorContext) => assertCan(actor, 'model.edit', actor.companyCode);

export async function createModel(deps: ModelsDeps, actor: ActorContext, body: ModelInput) {
  assertCanEdit(actor);
  const prefixes = [...new Set(body.prefixes)];
  const id = await deps.db.transaction(async (tx) => {
    if (await findModelByName(tx, body.name)) throw fail('model.name_taken', { name: body.name });
    const taken = await prefixesHeldElsewhere(tx, prefixes, null);
    if (taken.length > 0) throw fail('model.prefix_taken', { prefixes: taken.join(', ') });
    const model = await insertModel(tx, {
      name: body.name,
      family: body.family,
      description: body.description,
    });
    await replacePrefixes(tx, model.id, prefixes);
    // Each model has its own erase key from the start (sealed under the master key).
    await eraseKeyFor(tx, deps.box, model.id);
    await recordActorAudit(tx, actor, {
      action: 'model.create',
      companyId: actor.companyId,
      target: `model:${model.id}`,
      detail: { name: body.name, family: body.family, prefixes },
    });
    return model.id;
  });
  return oneModel(deps, actor, id);
}

export async function changeModel(
  deps: ModelsDeps,
  actor: ActorContext,
  id: string,
  body: z.infer<typeof modelPatchBody>,
) {
  assertCanEdit(actor);
  await deps.db.transaction(async (tx) => {
    const model = await findModel(tx, id);
    if (!model) throw fail('request.not_found');
    if (body.name && body.name !== model.name && (await findModelByName(tx, body.name))) {
      throw fail('model.name_taken', { name: body.name });
    }
    await updateModel(tx, id, {
      name: body.name,
      family: body.family,
      description: body.description,
      updatedAt: deps.clock(),
    });
    if (body.prefixes) {
      const prefixes = [...new Set(body.prefixes)];
      const taken = await prefixesHeldElsewhere(tx, prefixes, id);
      if (taken.length > 0) throw fail('model.prefix_taken', { prefixes: taken.join(', ') });
      await replacePrefixes(tx, id, prefixes);
    }
    await recordActorAudit(tx, actor, {
      action: 'model.update',
      companyId: actor.companyId,
      target: `model:${id}`,
      detail: { ...body },
    });
  });
  return oneModel(deps, actor, id);
}

export async function removeModel(deps: ModelsDeps, actor: ActorContext, id: string) {
  assertCanEdit(actor);
  await deps.db.transaction(async (tx) => {
    const model = await findModel(tx, id);
    if (!model) throw fail('request.not_found');
    await deleteModel(tx, id);
    await recordActorAudit(tx, actor, {
      action: 'model.delete',
      companyId: actor.companyId,
      target: `model:${id}`,
      detail: { name: model.name },
    });
  });
}

/** A model by id, for the tools that read its family (CAP Maker's app-name limit). */
export const findModelById = (db: Db, id: string) => findModel(db, id);
