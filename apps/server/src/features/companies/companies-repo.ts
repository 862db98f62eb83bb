import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companySerialNumbers } from '../../db/schema';

export type CompanyRecord = typeof companies.$inferSelect;

const COMPANY_SORT: Record<string, string> = {
  code: 'c.code',
  name: 'c.name',
  created_at: 'c.created_at',
  tier: 'c.tier',
  tier_ends_at: 'c.tier_ends_at',
};

/** role -> licence group, for counting seats in SQL. */
const groupCase = (groups: Record<string, readonly string[]>, column: string) =>
  sql.raw(
    `case ${Object.entries(groups)
      .flatMap(([g, roles]) => roles.map((r) => `when ${column} = '${r}' then '${g}'`))
      .join(' ')} end`,
  );

export async function listCompanies(
  db: DbOrTx,
  filter: {
    keyword?: string;
    ids?: string[];
    tiers?: string[];
    start?: Date;
    endExclusive?: Date;
    onlyCode?: string;
  },
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
  groups: Record<string, readonly string[]>,
  now: Date,
) {
  const where: SQL[] = [sql`true`];
  if (filter.onlyCode) where.push(sql`c.code = ${filter.onlyCode}`);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(c.code ilike ${like} or c.name ilike ${like} or c.contact_email ilike ${like})`,
    );
  }
  if (filter.ids?.length) where.push(sql`c.id in ${filter.ids}`);
  if (filter.tiers?.length) where.push(sql`c.tier in ${filter.tiers}`);
  if (filter.start) where.push(sql`c.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`c.created_at < ${filter.endExclusive}`);
  const direction = sql.raw(page.sort === 'desc' ? 'desc' : 'asc');
  const column = sql.raw(COMPANY_SORT[page.sortby] ?? 'c.code');
  const result = (await db.execute(sql`
    select c.id::text as id, c.code, c.name, c.contact_email, c.contact_phone, c.address, c.is_platform,
      c.tier, c.tier_ends_at, c.licences, c.created_at,
      (select count(*)::int from users u where u.company_id = c.id) as users,
      (select count(*)::int from company_serial_numbers s where s.company_id = c.id) as serial_numbers,
      coalesce((select jsonb_object_agg(g, n) from (
        select g, count(distinct who)::int as n from (
          select ${groupCase(groups, 'rg.role')} as g, rg.user_id::text as who
            from role_grants rg where rg.company_id = c.id
          union all
          select ${groupCase(groups, 'r')} as g, i.id::text as who
            from invitations i, jsonb_array_elements_text(i.roles) r
            where i.company_id = c.id and i.used_at is null and i.withdrawn_at is null and i.expires_at > ${now}
        ) seats where g is not null group by g) counted), '{}'::jsonb) as used,
      count(*) over () as total
    from companies c
    where ${sql.join(where, sql` and `)}
    order by ${column} ${direction}, c.id
    limit ${page.limit} offset ${page.offset}`)) as unknown as { rows: CompanyListRecord[] };
  return result.rows;
}

export type CompanyListRecord = {
  id: string;
  code: string;
  name: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  is_platform: boolean;
  tier: 'trial' | 'production';
  tier_ends_at: string | Date | null;
  licences: Record<string, number>;
  created_at: string | Date;
  users: number;
  serial_numbers: number;
  used: Record<string, number>;
  total: string | number;
};

export async function findCompanyById(db: DbOrTx, id: string): Promise<CompanyRecord | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function findCompanyByCodeAny(
  db: DbOrTx,
  code: string,
): Promise<CompanyRecord | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.code, code)).limit(1);
  return row;
}

/** Row lock: licence counts and grants of one company are decided one at a time. */
export async function lockCompanyRow(db: DbOrTx, id: string): Promise<CompanyRecord | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function insertCompanyRow(db: DbOrTx, row: typeof companies.$inferInsert) {
  const [inserted] = await db.insert(companies).values(row).returning();
  return inserted!;
}

export async function updateCompanyRow(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof companies.$inferInsert>,
) {
  await db.update(companies).set(patch).where(eq(companies.id, id));
}

// Serial numbers ---------------------------------------------------------------------------------

const SN_SORT: Record<string, string> = { sn: 's.sn', created_at: 's.created_at', model: 'm.name' };

export async function listSerialNumbers(
  db: DbOrTx,
  companyId: string,
  filter: { keyword?: string; modelIds?: string[]; start?: Date; endExclusive?: Date },
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const where: SQL[] = [sql`s.company_id = ${companyId}`];
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`s.sn ilike ${like}`);
  }
  if (filter.modelIds?.length) where.push(sql`s.model_id in ${filter.modelIds}`);
  if (filter.start) where.push(sql`s.created_at >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`s.created_at < ${filter.endExclusive}`);
  const result = (await db.execute(sql`
    select s.id::text as id, s.sn, m.name as model, s.created_at, count(*) over () as total
    from company_serial_numbers s left join models m on m.id = s.model_id
    where ${sql.join(where, sql` and `)}
    order by ${sql.raw(SN_SORT[page.sortby] ?? 's.sn')} ${sql.raw(page.sort === 'desc' ? 'desc' : 'asc')}, s.id
    limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: {
      id: string;
      sn: string;
      model: string | null;
      created_at: string | Date;
      total: string | number;
    }[];
  };
  return result.rows;
}

export async function findSerialNumber(db: DbOrTx, companyId: string, snId: string) {
  const [row] = await db
    .select()
    .from(companySerialNumbers)
    .where(and(eq(companySerialNumbers.companyId, companyId), eq(companySerialNumbers.id, snId)))
    .limit(1);
  return row;
}

export async function findSerialNumberOwner(db: DbOrTx, sn: string) {
  const [row] = await db
    .select({ companyId: companySerialNumbers.companyId })
    .from(companySerialNumbers)
    .where(eq(companySerialNumbers.sn, sn))
    .limit(1);
  return row;
}

export async function deleteSerialNumber(db: DbOrTx, id: string) {
  await db.delete(companySerialNumbers).where(eq(companySerialNumbers.id, id));
}

/** Inserts what is new; returns the serial numbers that were inserted. */
export async function insertSerialNumbers(
  db: DbOrTx,
  rows: { companyId: string; sn: string; modelId: string | null }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(companySerialNumbers)
    .values(rows)
    .onConflictDoNothing({ target: companySerialNumbers.sn })
    .returning({ sn: companySerialNumbers.sn });
  return new Set(inserted.map((r) => r.sn));
}

/** Owner company of each given serial number. */
export async function ownersOf(db: DbOrTx, sns: string[]): Promise<Map<string, string>> {
  if (sns.length === 0) return new Map();
  const result = (await db.execute(
    sql`select sn, company_id::text as company_id from company_serial_numbers where sn in ${sns}`,
  )) as unknown as { rows: { sn: string; company_id: string }[] };
  return new Map(result.rows.map((r) => [r.sn, r.company_id]));
}

export async function countCompanies(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  return row?.n ?? 0;
}
