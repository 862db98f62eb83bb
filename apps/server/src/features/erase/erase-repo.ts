import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  companySerialNumbers,
  eraseKeys,
  eraseRecords,
  modelPrefixes,
  models,
  signingMaterial,
} from '../../db/schema';

export type EraseRecordRow = typeof eraseRecords.$inferSelect & { companyCode: string };

export async function findSerialNumberInCompany(db: DbOrTx, companyId: string, sn: string) {
  const [row] = await db
    .select({ id: companySerialNumbers.id })
    .from(companySerialNumbers)
    .where(and(eq(companySerialNumbers.companyId, companyId), eq(companySerialNumbers.sn, sn)))
    .limit(1);
  return row;
}

export async function insertEraseRecord(db: DbOrTx, row: typeof eraseRecords.$inferInsert) {
  const [inserted] = await db.insert(eraseRecords).values(row).returning();
  return inserted!;
}

export async function findEraseRecord(db: DbOrTx, id: string): Promise<EraseRecordRow | undefined> {
  const [row] = await db
    .select({ record: eraseRecords, companyCode: companies.code })
    .from(eraseRecords)
    .innerJoin(companies, eq(companies.id, eraseRecords.companyId))
    .where(eq(eraseRecords.id, id))
    .limit(1);
  return row ? { ...row.record, companyCode: row.companyCode } : undefined;
}

export async function updateEraseRecord(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof eraseRecords.$inferInsert>,
) {
  await db.update(eraseRecords).set(patch).where(eq(eraseRecords.id, id));
}

export async function deleteEraseRecord(db: DbOrTx, id: string) {
  await db.delete(eraseRecords).where(eq(eraseRecords.id, id));
}

const SORT: Record<string, string> = { created_at: 'e.created_at', sn: 'e.sn', status: 'e.status' };

export async function listEraseRecords(
  db: DbOrTx,
  filter: {
    companyId?: string;
    search?: string;
    statuses?: number[];
    start?: Date;
    endExclusive?: Date;
  },
  page: { limit: number; offset: number; sortBy: string; order: 'asc' | 'desc' },
) {
  const where: SQL[] = [sql`true`];
  if (filter.companyId) where.push(sql`e.company_id = ${filter.companyId}`);
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(e.sn ilike ${like} or e.esn ilike ${like} or e.user_email ilike ${like} or e.model ilike ${like})`,
    );
  }
  if (filter.statuses?.length) where.push(sql`e.status in ${filter.statuses}`);
  if (filter.start) where.push(sql`e.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`e.created_at < ${filter.endExclusive}`);
  const condition = sql.join(where, sql` and `);
  const direction = sql.raw(page.order === 'asc' ? 'asc' : 'desc');
  const rows = (await db.execute(sql`
    select e.id::text as id, e.sn, e.esn, e.rn, e.status, e.is_reported, e.is_respond, e.additional_information,
      e.model, e.user_email, c.code as company_code, e.created_at
    from erase_records e join companies c on c.id = e.company_id
    where ${condition}
    order by ${sql.raw(SORT[page.sortBy] ?? 'e.created_at')} ${direction}, e.id ${direction}
    limit ${page.limit} offset ${page.offset}`)) as unknown as { rows: EraseListRecord[] };
  const counted = (await db.execute(
    sql`select count(*)::int as n from erase_records e where ${condition}`,
  )) as unknown as { rows: { n: number }[] };
  return { rows: rows.rows, total: counted.rows[0]?.n ?? 0 };
}

type EraseListRecord = {
  id: string;
  sn: string;
  esn: string;
  rn: string;
  status: number;
  is_reported: boolean;
  is_respond: boolean;
  additional_information: string;
  model: string | null;
  user_email: string;
  company_code: string;
  created_at: string | Date;
};

/** The model (by name) with the prefix, made when missing; its id. */
export async function ensureModelWithPrefix(
  db: DbOrTx,
  model: { name: string; family: string; description: string },
  prefix: string,
): Promise<string> {
  await db.insert(models).values(model).onConflictDoNothing();
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(eq(models.name, model.name))
    .limit(1);
  await db.insert(modelPrefixes).values({ prefix, modelId: row!.id }).onConflictDoNothing();
  return row!.id;
}

export function listSigningMaterial(db: DbOrTx) {
  return db.select().from(signingMaterial);
}

export async function replaceSigningMaterial(
  db: DbOrTx,
  rows: (typeof signingMaterial.$inferInsert)[],
) {
  await db.delete(signingMaterial);
  await db.insert(signingMaterial).values(rows);
}

export async function findEraseKey(db: DbOrTx, modelId: string) {
  const [row] = await db.select().from(eraseKeys).where(eq(eraseKeys.modelId, modelId)).limit(1);
  return row;
}

/** Keeps the first key made for a model: a concurrent second one is dropped. */
export async function insertEraseKey(db: DbOrTx, row: typeof eraseKeys.$inferInsert) {
  await db.insert(eraseKeys).values(row).onConflictDoNothing();
}
