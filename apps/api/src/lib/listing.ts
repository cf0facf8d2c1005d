import type { Money, Page, SortOrder } from '@hostpilot/shared';
import { type Expression, type RawBuilder, sql, type SqlBool } from 'kysely';

/**
 * Helpers of the paged lists (docs/product/api.md): literal search, OFFSET paging and the conversions at the
 * edge of the API (cents to money, epoch ms to ISO text, 0/1 to booleans).
 */

/** The LIKE pattern that finds `text` anywhere, with %, _ and \ matched as themselves (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) LIKE pattern ESCAPE '\'`: a case-insensitive, literal substring match on both databases. */
export function contains(column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(text)} escape '\\'`;
}

export function offsetOf(query: { page: number; pageSize: number }): number {
  return (query.page - 1) * query.pageSize;
}

export function pageOf<T>(query: { page: number; pageSize: number }, total: number, items: T[]): Page<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export function money(amountMinor: number, currency: string): Money {
  return { amountMinor, currency };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function parseParams(text: string): Record<string, string | number | boolean | null> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, string | number | boolean | null>)
      : {};
  } catch {
    return {};
  }
}

export function parseStringList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export type { SortOrder };
