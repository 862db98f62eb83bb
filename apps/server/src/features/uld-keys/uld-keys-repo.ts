import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import { uldKeySets } from '../../db/schema-cap';

export type UldKeySetRow = typeof uldKeySets.$inferSelect;

/** Serialises key-set changes of one company (first use, rotation) until the transaction ends. */
export async function lockCompanyKeySets(tx: DbOrTx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uld-keys'), hashtext(${companyId}))`);
}

export async function findCompanyCode(db: DbOrTx, companyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: companies.code })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.code;
}

export async function findCurrentKeySets(db: DbOrTx, companyId: string): Promise<UldKeySetRow[]> {
  return db
    .select()
    .from(uldKeySets)
    .where(and(eq(uldKeySets.companyId, companyId), eq(uldKeySets.status, 'current')));
}

export async function findKeySet(db: DbOrTx, id: string): Promise<UldKeySetRow | undefined> {
  const [row] = await db.select().from(uldKeySets).where(eq(uldKeySets.id, id)).limit(1);
  return row;
}

/** Sets whose KEK or signing key has this fingerprint, newest first. */
export async function findKeySetsByFingerprint(db: DbOrTx, fingerprint: string) {
  return db
    .select()
    .from(uldKeySets)
    .where(
      or(
        eq(uldKeySets.kekFingerprint, fingerprint),
        eq(uldKeySets.signingFingerprint, fingerprint),
      ),
    )
    .orderBy(desc(uldKeySets.createdAt));
}

/** Every set of a company: current first, then by kind and age. */
export async function listKeySets(db: DbOrTx, companyId: string): Promise<UldKeySetRow[]> {
  return db
    .select()
    .from(uldKeySets)
    .where(eq(uldKeySets.companyId, companyId))
    .orderBy(asc(uldKeySets.kind), desc(uldKeySets.createdAt));
}

export async function insertKeySet(
  db: DbOrTx,
  row: typeof uldKeySets.$inferInsert,
): Promise<UldKeySetRow> {
  const [inserted] = await db.insert(uldKeySets).values(row).returning();
  return inserted!;
}

export async function updateKeySet(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof uldKeySets.$inferInsert>,
): Promise<void> {
  await db.update(uldKeySets).set(patch).where(eq(uldKeySets.id, id));
}

export async function markKeySetsSuperseded(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(uldKeySets)
    .set({ status: 'superseded' })
    .where(and(inArray(uldKeySets.id, ids), eq(uldKeySets.status, 'pending')));
}
