import { describe, expect, it } from 'vitest';
import { createStatementNamer } from './named-statements';

const select = 'select "id" from "users" where "email" = $1';

describe('statement namer', () => {
  it('names a statement from its second run on, with the same name every time', () => {
    const namer = createStatementNamer();
    expect(namer.nameFor(select)).toBeUndefined();
    const name = namer.nameFor(select);
    expect(name).toMatch(/^tkc_[0-9a-f]{24}$/);
    expect(namer.nameFor(select)).toBe(name);
    expect(namer.namedCount).toBe(1);
  });

  it('gives a text the same name on every node and different texts different names', () => {
    const a = createStatementNamer();
    const b = createStatementNamer();
    a.nameFor(select);
    b.nameFor(select);
    expect(a.nameFor(select)).toBe(b.nameFor(select));
    const other = `${select} limit $2`;
    a.nameFor(other);
    expect(a.nameFor(other)).not.toBe(a.nameFor(select));
  });

  it('names no more statements than its limit', () => {
    const namer = createStatementNamer(2);
    const texts = ['select $1::int', 'select $1::text', 'select $1::uuid'];
    for (const text of texts) namer.nameFor(text);
    const names = texts.map((text) => namer.nameFor(text));
    expect(names.slice(0, 2).every((name) => name !== undefined)).toBe(true);
    expect(names[2]).toBeUndefined();
    expect(namer.namedCount).toBe(2);
  });

  it('never names a long statement (a bulk insert grows with its rows)', () => {
    const namer = createStatementNamer();
    const values = Array.from({ length: 2_000 }, (_, i) => `($${i + 1})`).join(', ');
    const insert = `insert into "t" ("v") values ${values}`;
    expect(insert.length).toBeGreaterThan(8_192);
    namer.nameFor(insert);
    expect(namer.nameFor(insert)).toBeUndefined();
  });

  it('never names a search by pattern or a page by offset (a generic plan knows neither)', () => {
    const namer = createStatementNamer();
    for (const text of [
      'select "id" from "users" where "email" ilike $1',
      'select "id" from "models" where "code" like $1',
      'select "id" from "audit_events" order by "id" limit $1 offset $2',
    ]) {
      namer.nameFor(text);
      expect(namer.nameFor(text)).toBeUndefined();
    }
    const literalOffset =
      'delete from "t" where id in (select id from "t" where "u" = $1 offset 4)';
    namer.nameFor(literalOffset);
    expect(namer.nameFor(literalOffset)).toMatch(/^tkc_/);
  });

  it('still names a repeated statement after many one-off ones', () => {
    const namer = createStatementNamer();
    for (let i = 0; i < 5_000; i++) namer.nameFor(`select $1::int + ${i}`);
    namer.nameFor(select);
    expect(namer.nameFor(select)).toMatch(/^tkc_/);
  });
});
