import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countedCompanies, countedRows } from '../../db/list-counts';
import { companies, invitations, roleGrants, users } from '../../db/schema';
import { NO_ID } from '../../lib/ids';

export type UserListFilter = {
  companyIds?: string[];
  /** The one company a company admin may list. */
  companyId?: string;
  keyword?: string;
  statuses?: string[];
  roles?: string[];
  start?: Date;
  endExclusive?: Date;
  now: Date;
};

const escapeLike = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Column expressions of each half of the list: users, and invitations not yet used or withdrawn. */
const USER_SIDE = {
  id: sql`u.id`,
  company_id: sql`u.company_id`,
  email: sql`u.email`,
  first_name: sql`u.first_name`,
  last_name: sql`u.last_name`,
  company: sql`c.name`,
  created_at: sql`u.created_at`,
  status: sql`case when u.is_disabled then 'disabled' else 'active' end`,
  // Sort keys only: the role codes in order, and the second factor ('' while MFA is off).
  roles: sql`coalesce((select string_agg(rg.role, ',' order by rg.role) from role_grants rg where rg.user_id = u.id), '') collate "C"`,
  mfa: sql`coalesce(u.mfa, '')`,
  // The same expression as the trigram index users_search_trgm (migration 0003).
  search: sql`(u.email || ' ' || u.first_name || ' ' || u.last_name)`,
};
const INVITATION_SIDE = (now: Date) => ({
  id: sql`i.id`,
  company_id: sql`i.company_id`,
  email: sql`i.email`,
  first_name: sql`''`,
  last_name: sql`''`,
  company: sql`c.name`,
  created_at: sql`i.created_at`,
  status: sql`case when i.expires_at > ${now} then 'invited' else 'expired' end`,
  roles: sql`coalesce((select string_agg(r, ',' order by r) from jsonb_array_elements_text(i.roles) r), '') collate "C"`,
  mfa: sql`''`,
  search: sql`i.email`,
});

function sideWhere(side: typeof USER_SIDE, filter: UserListFilter, roleCheck: SQL | null): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.companyId) where.push(sql`${side.company_id} = ${filter.companyId}`);
  if (filter.companyIds?.length) where.push(sql`${side.company_id} in ${filter.companyIds}`);
  if (filter.keyword) where.push(sql`${side.search} ilike ${escapeLike(filter.keyword)}`);
  if (filter.statuses?.length) where.push(sql`${side.status} in ${filter.statuses}`);
  if (roleCheck) where.push(roleCheck);
  if (filter.start) where.push(sql`${side.created_at} >= ${filter.start}`);
  if (filter.endExclusive) where.push(sql`${side.created_at} < ${filter.endExclusive}`);
  return sql.join(where, sql` and `);
}

/**
 * Users and pending invitations in one list, filtered, sorted and paged in the database. The page
 * is chosen on plain indexed columns first; roles are looked up for that page only.
 */
export async function listUsersAndInvitations(
  db: DbOrTx,
  filter: UserListFilter,
  page: { limit: number; offset: number; sortby: string; sort: 'asc' | 'desc' },
) {
  const inv = INVITATION_SIDE(filter.now);
  const roles = filter.roles?.length ? filter.roles : null;
  const userWhere = sideWhere(
    USER_SIDE,
    filter,
    roles
      ? sql`exists (select 1 from role_grants rg where rg.user_id = u.id and rg.role in ${roles})`
      : null,
  );
  const invitationWhere = sideWhere(
    inv as typeof USER_SIDE,
    filter,
    roles
      ? sql`exists (select 1 from jsonb_array_elements_text(i.roles) r where r in ${roles})`
      : null,
  );
  const sortKey = (
    Object.hasOwn(USER_SIDE, page.sortby) ? page.sortby : 'first_name'
  ) as keyof typeof USER_SIDE;
  const direction = sql.raw(page.sort === 'desc' ? 'desc' : 'asc');
  // Companies are joined only to sort by their name: without the join the page and the count run
  // on the users' own indexes.
  const needsCompany = sortKey === 'company';
  const userFrom = needsCompany
    ? sql`users u join companies c on c.id = u.company_id`
    : sql`users u`;
  const invitationFrom = needsCompany
    ? sql`invitations i join companies c on c.id = i.company_id`
    : sql`invitations i`;
  // Each half is sorted and cut on its own index before the two are merged: the database then
  // reads at most offset + limit rows of each, instead of sorting every user for every page.
  const cut = page.offset + page.limit;
  const userHalf = sql`select ${USER_SIDE.id} as id, 'user' as kind, ${USER_SIDE[sortKey]} as sort_key
      from ${userFrom} where ${userWhere}`;
  const invitationHalf = sql`select ${inv.id} as id, 'invitation' as kind, ${inv[sortKey]} as sort_key
      from ${invitationFrom}
      where i.used_at is null and i.withdrawn_at is null and ${invitationWhere}`;
  const union = sql`${userHalf} union all ${invitationHalf}`;
  const pageIds = (await db.execute(sql`
    select id, kind from (
      (${userHalf} order by sort_key ${direction}, id ${direction} limit ${cut})
      union all
      (${invitationHalf} order by sort_key ${direction}, id ${direction} limit ${cut})
    ) rows order by sort_key ${direction}, id ${direction}
    limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: { id: string; kind: string }[];
  };
  const total = await countUsersAndInvitations(db, filter, union);
  if (pageIds.rows.length === 0) return { total, rows: [] as UserListRecord[] };
  const userIds = pageIds.rows.filter((r) => r.kind === 'user').map((r) => r.id);
  const invitationIds = pageIds.rows.filter((r) => r.kind === 'invitation').map((r) => r.id);
  const details = (await db.execute(sql`
    select u.id::text as id, 'user' as kind, u.email, u.first_name, u.last_name, u.company_id::text as company_id,
      c.code as company_code, c.name as company,
      coalesce((select jsonb_agg(gc.code || '/' || rg.role order by rg.role)
        from role_grants rg join companies gc on gc.id = rg.company_id where rg.user_id = u.id), '[]'::jsonb) as roles,
      ${USER_SIDE.status} as status, u.mfa, u.created_at, null::timestamptz as expires_at
    from users u join companies c on c.id = u.company_id
    where u.id in ${userIds.length ? userIds : [NO_ID]}
    union all
    select i.id::text, 'invitation', i.email, '', '', i.company_id::text, c.code, c.name,
      coalesce((select jsonb_agg(c.code || '/' || r order by r) from jsonb_array_elements_text(i.roles) r), '[]'::jsonb),
      ${inv.status}, null, i.created_at, i.expires_at
    from invitations i join companies c on c.id = i.company_id
    where i.id in ${invitationIds.length ? invitationIds : [NO_ID]}`)) as unknown as {
    rows: UserListRecord[];
  };
  const byId = new Map(details.rows.map((r) => [r.id, r]));
  return { total, rows: pageIds.rows.map((r) => byId.get(String(r.id))!).filter(Boolean) };
}

/**
 * The list's total. Filtered only by company (or not at all), it is the sum kept by the triggers
 * of migration 0013 (docs/list-queries.md): counting 100,000 users on every page cost more than the
 * page itself. Any other filter counts the matching rows.
 */
async function countUsersAndInvitations(db: DbOrTx, filter: UserListFilter, union: SQL) {
  const byCompanyOnly =
    !filter.keyword &&
    !filter.statuses?.length &&
    !filter.roles?.length &&
    !filter.start &&
    !filter.endExclusive;
  if (byCompanyOnly) {
    const companyIds = countedCompanies(filter.companyId, filter.companyIds);
    return countedRows(db, ['users', 'invitations'], companyIds);
  }
  const counted = (await db.execute(
    sql`select count(*)::int as n from (${union}) rows`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return counted.rows[0]?.n ?? 0;
}

type UserListRecord = {
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
  const rows = await db
    .select({ role: roleGrants.role })
    .from(roleGrants)
    .where(eq(roleGrants.userId, userId));
  return rows.map((r) => r.role);
}

export async function replaceRolesOfUser(
  db: DbOrTx,
  userId: string,
  companyId: string,
  roles: string[],
) {
  await db.delete(roleGrants).where(eq(roleGrants.userId, userId));
  if (roles.length > 0)
    await db.insert(roleGrants).values(roles.map((role) => ({ userId, companyId, role })));
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

export async function updateInvitation(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof invitations.$inferInsert>,
) {
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
