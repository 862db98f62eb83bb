import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { type CountedTable, countedRows, foldDeltas } from '../src/db/list-counts';
import { openTestDatabase } from './support/test-db';

// The row counts the list pages show without counting (migration 0013, docs/list-queries.md) must
// equal count(*) after any mix of writes: concurrent transactions on PostgreSQL (TEST_DATABASE_URL),
// rolled-back ones, bulk imports, moves between companies, folds racing with writers.

const TABLES: CountedTable[] = ['users', 'invitations', 'audit_events', 'company_serial_numbers'];
const WHERE: Record<CountedTable, string> = {
  users: 'true',
  invitations: 'used_at is null and withdrawn_at is null',
  audit_events: 'company_id is not null',
  company_serial_numbers: 'true',
};

let database: Database;
let companyIds: string[];

async function actual(table: CountedTable, companyId?: string): Promise<number> {
  const onlyCompany = companyId ? sql`and company_id = ${companyId}` : sql``;
  const all = table === 'audit_events' && !companyId ? 'true' : WHERE[table];
  const result = (await database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.raw(all)} ${onlyCompany}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function expectCountsRight() {
  for (const table of TABLES) {
    expect(await countedRows(database.db, table), table).toBe(await actual(table));
    for (const id of companyIds) {
      expect(await countedRows(database.db, table, [id]), `${table} ${id}`).toBe(
        await actual(table, id),
      );
    }
    expect(await countedRows(database.db, table, companyIds)).toBe(
      (await Promise.all(companyIds.map((id) => actual(table, id)))).reduce((a, b) => a + b, 0),
    );
  }
}

const run = (query: ReturnType<typeof sql>) => database.db.execute(query);

const addUsers = (company: string, tag: string, n: number) =>
  sql`insert into users (email, company_id, first_name, last_name, password_hash)
      select ${tag} || g || '@counts.test', ${company}, 'F', 'L', 'x' from generate_series(1, ${n}) g`;
const addInvitations = (company: string, tag: string, n: number) =>
  sql`insert into invitations (token_hash, email, company_id, roles, expires_at)
      select ${tag} || g, ${tag} || g || '@invite.test', ${company}, '["erk-user"]', now() + interval '1 day'
      from generate_series(1, ${n}) g`;
const addEvents = (company: string | null, n: number) =>
  sql`insert into audit_events (created_at, company_id, action, result, prev_hash, hash)
      select now(), ${company}, 'auth.login', 'success', '', '' from generate_series(1, ${n})`;
const importSerials = (company: string, tag: string, n: number) =>
  sql`insert into company_serial_numbers (company_id, sn)
      select ${company}, ${tag} || lpad(g::text, 7, '0') from generate_series(1, ${n}) g`;

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = (await database.db.execute(
    sql`insert into companies (code, name) values ('A', 'A'), ('B', 'B'), ('C', 'C') returning id::text as id`,
  )) as unknown as { rows: { id: string }[] };
  companyIds = rows.rows.map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('list counts kept by triggers', () => {
  it('start at zero for every company and table', async () => {
    await expectCountsRight();
    expect(await countedRows(database.db, 'users', [])).toBe(0);
  });

  it('stay right after concurrent inserts, updates, deletes, imports and rollbacks', async () => {
    const [a, b, c] = companyIds as [string, string, string];
    await Promise.all([
      run(addUsers(a, 'a', 40)),
      run(addUsers(b, 'b', 25)),
      run(addInvitations(a, 'ia', 12)),
      run(addInvitations(c, 'ic', 7)),
      run(addEvents(a, 300)),
      run(addEvents(null, 50)),
      run(importSerials(b, 'SB', 20_000)),
      ...Array.from({ length: 20 }, (_, i) => run(addEvents([a, b, c][i % 3]!, 1))),
      // A whole transaction of writes to several tables, then one that rolls back.
      database.db.transaction(async (tx) => {
        await tx.execute(addUsers(c, 'c', 9));
        await tx.execute(addEvents(c, 9));
        await tx.execute(importSerials(c, 'SC', 1000));
      }),
      database.db
        .transaction(async (tx) => {
          await tx.execute(addUsers(a, 'gone', 100));
          await tx.execute(importSerials(a, 'SA', 5000));
          // An import that fails on a duplicate serial number leaves nothing, counts included.
          await tx.execute(importSerials(a, 'SA', 1));
        })
        .catch(() => undefined),
    ]);
    expect(await actual('users', a)).toBe(40);
    expect(await actual('company_serial_numbers', a)).toBe(0);
    await expectCountsRight();

    await Promise.all([
      // Moved between companies, disabled (no change of count), deleted.
      run(sql`update users set company_id = ${c} where email like 'a1_@counts.test'`),
      run(sql`update users set is_disabled = true where email like 'b%@counts.test'`),
      run(sql`delete from users where email like 'b2_@counts.test'`),
      // Invitations used, withdrawn, deleted: only open ones count.
      run(sql`update invitations set used_at = now() where email like 'ia1_@invite.test'`),
      run(sql`update invitations set withdrawn_at = now() where email like 'ic%@invite.test'`),
      run(sql`delete from invitations where email = 'ia1@invite.test'`),
      run(sql`delete from company_serial_numbers where sn like 'SB00001%'`),
      foldDeltas(database.db, 'users'),
      foldDeltas(database.db, 'audit_events'),
      foldDeltas(database.db, 'audit_events'),
      run(addEvents(b, 5)),
    ]);
    await expectCountsRight();
  });

  it('fold into one row per company without changing a sum, racing with writers', async () => {
    const [a] = companyIds as [string];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? foldDeltas(database.db, 'audit_events') : run(addEvents(a, 2)),
      ),
    );
    await foldDeltas(database.db, 'audit_events');
    const deltas = (await database.db.execute(
      sql`select count(*)::int as n from list_counts.deltas where tbl = 'audit_events'`,
    )) as unknown as { rows: { n: number }[] };
    expect(deltas.rows[0]!.n).toBeLessThanOrEqual(companyIds.length + 1);
    await expectCountsRight();
  });

  it('a truncated table counts zero', async () => {
    await run(sql`truncate company_serial_numbers`);
    expect(await countedRows(database.db, 'company_serial_numbers')).toBe(0);
    await expectCountsRight();
  });
});
