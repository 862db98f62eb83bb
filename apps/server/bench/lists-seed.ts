// The data the lists bench seeds (apps/server/bench/lists-bench.ts), kept apart so a one-off
// database can be seeded the same way for EXPLAIN (docs/list-queries.md).
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/** The lists bench's data: 51 companies, `users` users with one role each, `auditEvents` events. */
export async function seedLists(
  database: Database,
  { users: USERS, auditEvents: AUDIT_EVENTS }: { users: number; auditEvents: number },
) {
  const db = database.db;
  await db.execute(
    sql`insert into companies (code, name, is_platform) values ('HQ', 'Platform HQ', true)`,
  );
  await db.execute(sql`insert into companies (code, name, licences)
    select 'C' || g, 'Company ' || g, '{"erk": 100000}'::jsonb from generate_series(1, 50) g`);
  await db.execute(sql`insert into users (email, company_id, first_name, last_name, password_hash, created_at)
    select 'user' || g || '@example.com',
      (select id from companies where code = 'C' || (1 + g % 50)),
      (array['Anna','Ben','Chen','Dana','Emil','Fatima','Goro','Hana','Ivan','Jun'])[1 + g % 10] || g,
      'Surname' || (g * 7919 % 100000), 'x', now() - (g || ' minutes')::interval
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`insert into role_grants (user_id, company_id, role)
    select id, company_id, 'erk-user' from users`);
  await db.execute(sql`insert into audit_events (created_at, actor_email, company_id, action, target, ip, result, detail, prev_hash, hash)
    select now() - (g || ' seconds')::interval, 'user' || (g % ${USERS}) || '@example.com',
      (select id from companies where code = 'C' || (1 + g % 50)),
      (array['auth.login','auth.logout','auth.refresh','user.roles.update','company.sn.add'])[1 + g % 5],
      'user:' || g, '10.0.' || (g % 250) || '.' || (g % 200),
      case when g % 17 = 0 then 'failure' else 'success' end, '{}'::jsonb,
      repeat('0', 64), repeat('0', 64)
    from generate_series(1, ${AUDIT_EVENTS}) g`);
  // What autovacuum does to a table that has taken this many inserts: statistics, and the
  // visibility map that lets an index-only scan skip the table (docs/list-queries.md).
  await db.execute(sql`vacuum analyze`);
}
