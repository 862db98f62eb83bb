import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, invitations, roleGrants, users } from '../../db/schema';

export type UserListFilter = {
  companyIds?: string[];
  companyCode?: string;
  keyword?: string;
  statuses?: string[];
  roles?: string[];
  start?: Date;
  endExclusive?: Date;
  now: Date;
};

const SORT_SQL: Record<string, string> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  company: 'company',
  status: 'status',
  created_at: 'created_at',
};

/** Users and pending invitations in one list, filtered, sorted and paged in the database. */
export async function listUsersAndInvitations(
  db: DbOrTx,
  filter: UserListFilter,
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const conditions: SQL[] = [sql`true`];
  if (filter.companyCode) conditions.push(sql`company_code = ${filter.companyCode}`);
  if (filter.companyIds?.length) conditions.push(sql`company_id::text in ${filter.companyIds}`);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(email ilike ${like} or first_name ilike ${like} or last_name ilike ${like})`);
  }
  if (filter.statuses?.length) conditions.push(sql`status in ${filter.statuses}`);
  if (filter.roles?.length) {
    conditions.push(sql`exists (select 1 from jsonb_array_elements_text(roles) r where split_part(r, '/', 2) in ${filter.roles})`);
  }
  if (filter.start) conditions.push(sql`created_at >= ${filter.start}`);
  if (filter.endExclusive) conditions.push(sql`created_at < ${filter.endExclusive}`);
  const direction = page.sort === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const column = sql.raw(SORT_SQL[page.sortby] ?? 'first_name');
  const rows = sql`
    select u.id::text as id, 'user' as kind, u.email, u.first_name, u.last_name, u.company_id::text as company_id,
      c.code as company_code, c.name as company,
      coalesce((select jsonb_agg(gc.code || '/' || rg.role order by rg.role)
        from role_grants rg join companies gc on gc.id = rg.company_id where rg.user_id = u.id), '[]'::jsonb) as roles,
      case when u.is_disabled then 'disabled' else 'active' end as status,
      u.mfa, u.created_at, null::timestamptz as expires_at
    from users u join companies c on c.id = u.company_id
    union all
    select i.id::text, 'invitation', i.email, '', '', i.company_id::text, c.code, c.name,
      coalesce((select jsonb_agg(c.code || '/' || r order by r) from jsonb_array_elements_text(i.roles) r), '[]'::jsonb),
      case when i.expires_at > ${filter.now} then 'invited' else 'expired' end,
      null, i.created_at, i.expires_at
    from invitations i join companies c on c.id = i.company_id
    where i.used_at is null and i.withdrawn_at is null`;
  const where = sql.join(conditions, sql` and `);
  const result = (await db.execute(sql`
    with rows as (${rows})
    select *, count(*) over () as total from rows where ${where}
    order by ${column} ${direction}, id
    limit ${page.limit} offset ${page.offset}`)) as unknown as { rows: UserListRecord[] };
  return result.rows;
}

export type UserListRecord = {
  id: string;
  kind: 'user' | 'invitation';
  email: string;
  first_name: string;
  last_name: string;
  company_id: string;
  company_code: string;
  company: string;
  roles: string[];
  status: 'active' | 'disabled' | 'invited' | 'expired';
  mfa: string | null;
  created_at: string | Date;
  expires_at: string | Date | null;
  total: string | number;
};

export async function findUserWithCompany(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, companyCode: companies.code, isPlatform: companies.isPlatform })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function listRolesOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ role: roleGrants.role }).from(roleGrants).where(eq(roleGrants.userId, userId));
  return rows.map((r) => r.role);
}

export async function replaceRolesOfUser(db: DbOrTx, userId: string, companyId: string, roles: string[]) {
  await db.delete(roleGrants).where(eq(roleGrants.userId, userId));
  if (roles.length > 0) await db.insert(roleGrants).values(roles.map((role) => ({ userId, companyId, role })));
}

export async function findPendingInvitation(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ invitation: invitations, companyCode: companies.code, companyName: companies.name })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), isNull(invitations.withdrawnAt)))
    .limit(1);
  return row;
}

export async function updateInvitation(db: DbOrTx, id: string, patch: Partial<typeof invitations.$inferInsert>) {
  await db.update(invitations).set(patch).where(eq(invitations.id, id));
}

/**
 * How many seats of each feature group a company uses: users holding any role of the group plus
 * pending invitations that would grant one (so invitations cannot overshoot the licence).
 */
export async function countLicenceUse(
  db: DbOrTx,
  companyId: string,
  groups: Record<string, readonly string[]>,
  now: Date,
  excludeUserId?: string,
): Promise<Record<string, number>> {
  const usage: Record<string, number> = {};
  for (const [group, roles] of Object.entries(groups)) {
    const held = await db
      .selectDistinct({ userId: roleGrants.userId })
      .from(roleGrants)
      .where(
        and(
          eq(roleGrants.companyId, companyId),
          inArray(roleGrants.role, [...roles]),
          excludeUserId ? sql`${roleGrants.userId} <> ${excludeUserId}` : undefined,
        ),
      );
    const [pending] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(
        and(
          eq(invitations.companyId, companyId),
          isNull(invitations.usedAt),
          isNull(invitations.withdrawnAt),
          sql`${invitations.expiresAt} > ${now}`,
          sql`${invitations.roles} ?| ${sql.raw(`array[${roles.map((r) => `'${r}'`).join(',')}]`)}`,
        ),
      );
    usage[group] = held.length + (pending?.n ?? 0);
  }
  return usage;
}
