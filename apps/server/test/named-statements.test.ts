import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client';
import { companies } from '../src/db/schema';
import { openTestDatabase } from './support/test-db';

// Repeated queries run as named statements on a PostgreSQL server's connections
// (docs/architecture.md#named-statements). One pooled connection, so what it has prepared can be
// read back; PGlite has no pool and names nothing, so this runs on the server only.

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('named statements (PostgreSQL)', () => {
  let owner: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    owner = await openTestDatabase();
    database = await openDatabase({ databaseUrl: owner.url!, poolSize: 1 });
    await database.db.insert(companies).values([
      { code: 'AC', name: 'Acme' },
      { code: 'GL', name: 'Globex' },
    ]);
  });
  afterAll(async () => {
    await database.close();
    await owner.close();
  });

  const nameOf = (code: string) =>
    database.db.select({ name: companies.name }).from(companies).where(eq(companies.code, code));
  const prepared = () =>
    queryRows<{ name: string; statement: string }>(
      database.db,
      sql`select name, statement from pg_prepared_statements`,
    );

  it('prepares a repeated query once on the connection and answers each run with its own values', async () => {
    const text = nameOf('AC').toSQL().sql;
    expect(await nameOf('AC')).toEqual([{ name: 'Acme' }]);
    expect((await prepared()).some((p) => p.statement === text)).toBe(false);
    expect(await nameOf('GL')).toEqual([{ name: 'Globex' }]);
    expect(await nameOf('AC')).toEqual([{ name: 'Acme' }]);
    expect(await nameOf('none')).toEqual([]);
    const named = (await prepared()).filter((p) => p.statement === text);
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^tkc_[0-9a-f]{24}$/);
  });

  it('keeps a named statement usable after a transaction that used it rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const rows = await tx
          .select({ name: companies.name })
          .from(companies)
          .where(eq(companies.code, 'GL'));
        expect(rows).toEqual([{ name: 'Globex' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameOf('GL')).toEqual([{ name: 'Globex' }]);
  });

  it('keeps a statement named inside a transaction that rolled back (names outlive transactions)', async () => {
    const byName = (name: string) =>
      database.db.select({ code: companies.code }).from(companies).where(eq(companies.name, name));
    await expect(
      database.db.transaction(async (tx) => {
        for (const name of ['Acme', 'Globex'])
          await tx.select({ code: companies.code }).from(companies).where(eq(companies.name, name));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const text = byName('Acme').toSQL().sql;
    expect((await prepared()).filter((p) => p.statement === text)).toHaveLength(1);
    expect(await byName('Acme')).toEqual([{ code: 'AC' }]);
    expect(await byName('Globex')).toEqual([{ code: 'GL' }]);
  });

  it('answers after a value pg could not send (the named statement is not lost on the connection)', async () => {
    const asJson = (value: unknown) =>
      queryRows<{ v: unknown }>(database.db, sql`select ${value}::jsonb as v`);
    expect(await asJson({ a: 1 })).toEqual([{ v: { a: 1 } }]);
    expect(await asJson({ a: 2 })).toEqual([{ v: { a: 2 } }]);
    // In a transaction: its connection goes back to the pool as it is (pool.query would drop it).
    await expect(
      database.db.transaction((tx) => queryRows(tx, sql`select ${{ a: 1n }}::jsonb as v`)),
    ).rejects.toThrow();
    expect(await asJson({ a: 3 })).toEqual([{ v: { a: 3 } }]);
  });

  it('runs text without parameters unnamed (several statements in one, as migrations send)', async () => {
    await database.db.execute(sql.raw('select 1; select 2'));
    await database.db.execute(sql.raw('select 1; select 2'));
    const statements = (await prepared()).map((p) => p.statement);
    expect(statements).not.toContain('select 1; select 2');
  });
});
