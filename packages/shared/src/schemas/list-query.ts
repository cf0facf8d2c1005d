import type { ValidationMessageKey } from './messages';
import { z } from './zod';

/**
 * The query of every paged list of the API (docs/product/api.md): `page` (1 or more), `pageSize` (10, 20 or
 * 50; default 10), `sort` (a field the endpoint allows), `order` (asc or desc), `q` (search text, matched
 * literally) and the endpoint's own filters. Anything else in the query is refused (400), as is a value the
 * endpoint does not allow. A page past the end is not an error: it answers no items and the real total.
 */

export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** A page number beyond this is refused rather than turned into a huge OFFSET. */
export const MAX_PAGE = 100_000;
export const SEARCH_MAX_LENGTH = 100;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const msg = (key: ValidationMessageKey) => ({ error: key });

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Query-string numbers arrive as text: digits only, so "1e3", " 2" or "0x10" are refused. */
const wholeNumber = (key: ValidationMessageKey) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,9}$/, msg(key))
          .transform(Number),
      ],
      msg(key),
    )
    .pipe(z.number().int(msg(key)));

export const pageParamSchema = wholeNumber('validation.page').pipe(
  z.number().min(1, msg('validation.page')).max(MAX_PAGE, msg('validation.page')),
);

export const pageSizeParamSchema = wholeNumber('validation.pageSize').pipe(
  z
    .number()
    .refine((value): value is PageSize => (PAGE_SIZES as readonly number[]).includes(value), msg('validation.pageSize'))
    .transform((value) => value as PageSize),
);

/** Search text: trimmed, at most 100 characters, no control characters; empty means no search. */
export const searchParamSchema = z
  .string(msg('validation.invalidType'))
  .trim()
  .max(SEARCH_MAX_LENGTH, msg('validation.tooLong'))
  .refine((value) => !hasControlCharacter(value), msg('validation.invalidType'))
  .transform((value) => (value === '' ? undefined : value));

/** A calendar day, `YYYY-MM-DD` (a real date: 2026-02-30 is refused). */
export const dayParamSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.date') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('validation.date'))
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, msg('validation.date'));

/** The UTC instants a day range covers: from the start of `from` to the end of `to`, either side open. */
export function dayRange(from: string | undefined, to: string | undefined): { start?: number; end?: number } {
  return {
    ...(from ? { start: Date.parse(`${from}T00:00:00Z`) } : {}),
    ...(to ? { end: Date.parse(`${to}T00:00:00Z`) + 86_400_000 } : {}),
  };
}

/** A filter that takes one of the given values. */
export function enumFilter<const V extends readonly [string, ...string[]]>(values: V) {
  return z.enum(values, msg('validation.filter'));
}

export interface ListQueryOptions<S extends readonly [string, ...string[]], F extends z.ZodRawShape> {
  /** The fields this endpoint sorts by. */
  sort: S;
  defaultSort: S[number];
  defaultOrder?: SortOrder;
  /** Each filter's schema (optional in the query); use enumFilter() for a fixed set of values. */
  filters?: F;
  /** Whether the endpoint takes `q` (default true); without it, `q` is refused like any unknown parameter. */
  search?: boolean;
}

/**
 * The zod schema of an endpoint's query. Fastify validates the query with it; the web app builds its URLs
 * from the same options (its sort fields and filter values).
 */
export function listQuerySchema<
  const S extends readonly [string, ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
>(options: ListQueryOptions<S, F>) {
  const filters = Object.fromEntries(
    Object.entries(options.filters ?? {}).map(([name, schema]) => [name, (schema as z.ZodType).optional()]),
  ) as unknown as { [K in keyof F]: z.ZodOptional<F[K]> };
  const shape = {
    page: pageParamSchema.default(1),
    pageSize: pageSizeParamSchema.default(DEFAULT_PAGE_SIZE),
    sort: z.enum(options.sort, msg('validation.sort')).default(options.defaultSort as S[number]),
    order: z.enum(SORT_ORDERS, msg('validation.order')).default(options.defaultOrder ?? 'asc'),
    // Typed as present either way: without search it is simply never set.
    ...((options.search === false ? {} : { q: searchParamSchema.optional() }) as {
      q: z.ZodOptional<typeof searchParamSchema>;
    }),
    ...filters,
  };
  return strictQuerySchema(shape);
}

/** A query of the given parameters, where each unknown parameter is refused under its own name. */
export function strictQuerySchema<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess((input, ctx) => {
    if (typeof input === 'object' && input !== null) {
      for (const key of Object.keys(input)) {
        if (!Object.hasOwn(shape, key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'validation.unknownField', input });
        }
      }
    }
    return input;
  }, z.object(shape));
}

/** One page of a list: the rows, how many rows match in all, and the page asked for. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int(),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
