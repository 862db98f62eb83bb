import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { modelPrefixes, models } from '../../db/schema';

const MODEL_SORT: Record<string, string> = {
  name: 'm.name',
  family: 'm.family',
  created_at: 'm.created_at',
};

export async function listModelRows(
  db: DbOrTx,
  filter: {
    keyword?: string;
    canSearchPrefixes?: boolean;
    id?: string;
    families?: string[];
    start?: Date;
    endExclusive?: Date;
  },
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const where: SQL[] = [sql`true`];
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      filter.canSearchPrefixes
        ? sql`(m.name ilike ${like} or exists (select 1 from model_prefixes p where p.model_id = m.id and p.prefix ilike ${like}))`
        : sql`m.name ilike ${like}`,
    );
  }
  if (filter.id) where.push(sql`m.id = ${filter.id}`);
  if (filter.families?.length) where.push(sql`m.family in ${filter.families}`);
  if (filter.start) where.push(sql`m.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`m.created_at < ${filter.endExclusive}`);
  const result = (await db.execute(sql`
    select m.id::text as id, m.name, m.family, m.description, m.created_at,
      coalesce((select jsonb_agg(p.prefix order by p.prefix) from model_prefixes p where p.model_id = m.id), '[]'::jsonb) as prefixes,
      count(*) over () as total
    from models m
    where ${sql.join(where, sql` and `)}
    order by ${sql.raw(MODEL_SORT[page.sortby] ?? 'm.name')} ${sql.raw(page.sort === 'desc' ? 'desc' : 'asc')}, m.id
    limit ${page.limit} offset ${page.offset}`)) as unknown as { rows: ModelRecord[] };
  return result.rows;
}

export type ModelRecord = {
  id: string;
  name: string;
  family: 'older' | 'newer';
  description: string;
  created_at: string | Date;
  prefixes: string[];
  total: string | number;
};

export async function findModel(db: DbOrTx, id: string) {
  const [row] = await db.select().from(models).where(eq(models.id, id)).limit(1);
  return row;
}

export async function findModelByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(models).where(eq(models.name, name)).limit(1);
  return row;
}

export async function insertModel(db: DbOrTx, row: typeof models.$inferInsert) {
  const [inserted] = await db.insert(models).values(row).returning();
  return inserted!;
}

export async function updateModel(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof models.$inferInsert>,
) {
  await db.update(models).set(patch).where(eq(models.id, id));
}

export async function deleteModel(db: DbOrTx, id: string) {
  await db.delete(models).where(eq(models.id, id));
}

/** Prefixes already held by another model. */
export async function prefixesHeldElsewhere(
  db: DbOrTx,
  prefixes: string[],
  modelId: string | null,
) {
  if (prefixes.length === 0) return [];
  const rows = await db
    .select({ prefix: modelPrefixes.prefix, modelId: modelPrefixes.modelId })
    .from(modelPrefixes)
    .where(inArray(modelPrefixes.prefix, prefixes));
  return rows.filter((r) => r.modelId !== modelId).map((r) => r.prefix);
}

export async function replacePrefixes(db: DbOrTx, modelId: string, prefixes: string[]) {
  await db.delete(modelPrefixes).where(eq(modelPrefixes.modelId, modelId));
  if (prefixes.length > 0)
    await db.insert(modelPrefixes).values(prefixes.map((prefix) => ({ prefix, modelId })));
}
