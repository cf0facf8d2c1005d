import { type Expression, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../db/index';

/**
 * Substring search of the back-office lists: "contains", any case, every character literal (`%`, `_`, quotes
 * and backslashes included). Served by the trigram indexes of migration 0030: pg_trgm GIN indexes on
 * PostgreSQL (ILIKE), FTS5 trigram tables on SQLite (a quoted phrase). A trigram index cannot serve fewer
 * than three characters; SQLite then compares each row (LIKE), which is still literal.
 */

/** The searchable text of each table, as migration 0030 indexes it. */
export type SearchTable = 'users' | 'domains' | 'services';

const POSTGRES_TEXT: Record<SearchTable, (alias: string) => string[]> = {
  users: (a) => [`${a}.email`, `(${a}.first_name || ' ' || ${a}.last_name)`],
  domains: (a) => [`${a}.name`],
  services: (a) => [`${a}.domain`],
};

/** A LIKE pattern matching `text` anywhere, with `\` as the escape character. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase query matching `text` literally (a phrase's only special character is the double quote). */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Characters, not UTF-16 units: the trigram tokenizer counts code points. */
function characters(text: string): number {
  return [...text].length;
}

/**
 * A condition true for the rows of `table` (under `alias` in the query) whose text contains `text`.
 * `alias.id` must be the row's id.
 */
export function contains(kind: DatabaseKind, table: SearchTable, alias: string, text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  if (kind === 'postgres') {
    const columns = POSTGRES_TEXT[table](alias).map((column) => sql`${sql.raw(column)} ilike ${pattern} escape '\\'`);
    return sql<SqlBool>`(${sql.join(columns, sql` or `)})`;
  }
  if (characters(text) >= 3) {
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select id from ${sql.raw(`${table}_search`)} where ${sql.raw(
      `${table}_search`,
    )} match ${ftsPhrase(text)})`;
  }
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select id from ${sql.raw(`${table}_search`)} where body like ${pattern} escape '\\')`;
}
