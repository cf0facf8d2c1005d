import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './index';

describe('SQLite statement cache', () => {
  it('hands out one compiled statement per SQL text, and still answers the current rows', () => {
    const handle = withStatementCache(new SQLite(':memory:'), 2);
    handle.exec('create table t (v integer)');
    const first = handle.prepare('select count(*) as n from t');
    expect(handle.prepare('select count(*) as n from t')).toBe(first);
    handle.prepare('insert into t (v) values (?)').run(1);
    expect(handle.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    handle.close();
  });

  it('drops the least recently used statement beyond its size', () => {
    const handle = withStatementCache(new SQLite(':memory:'), 2);
    const a = handle.prepare('select 1');
    handle.prepare('select 2');
    handle.prepare('select 1');
    handle.prepare('select 3');
    expect(handle.prepare('select 1')).toBe(a);
    const b = handle.prepare('select 2');
    expect(handle.prepare('select 2')).toBe(b);
    handle.close();
  });

  it('does not hand out a statement that is still being iterated', () => {
    const handle = withStatementCache(new SQLite(':memory:'));
    handle.exec('create table t (v integer); insert into t values (1), (2), (3)');
    const sql = 'select v from t order by v';
    const outer = handle.prepare(sql);
    const seen: number[][] = [];
    for (const row of outer.iterate() as Iterable<{ v: number }>) {
      const inner = handle.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push([row.v, (inner.all() as { v: number }[]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    handle.close();
  });
});
