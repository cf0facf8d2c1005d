import type { Language } from '@hostpilot/shared';
import type { FastifyReply } from 'fastify';
import type { TFunction } from 'i18next';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { attachment, batches, csvStream } from './documents/csv-export';
import { adminTextsOf } from './documents/texts';
import { errorResponses } from './errors';
import { readerLanguage } from './reader-language';
import { LIST_ERRORS, STAFF_ERRORS } from './staff-errors';

/**
 * The exports of the back-office lists (docs/decisions/033-hosting-and-domain-administration.md): the list's search,
 * filters and sort, every page, streamed through the users export's CSV writer (UTF-8 with a byte-order mark,
 * the language's delimiter, formula cells neutralised), headings in the caller's language or `lang`.
 */
export const sendCsv = async (
  db: Kysely<Database>,
  staffId: string,
  reply: FastifyReply,
  lang: Language | undefined,
  file: string,
  heading: (t: TFunction) => string[],
  read: (t: TFunction, limit: number, offset: number) => Promise<string[][]>,
) => {
  const language = await readerLanguage(db, staffId, lang);
  const t = adminTextsOf(language);
  const rows = async function* () {
    for await (const page of batches((limit, offset) => read(t, limit, offset))) yield page;
  };
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(`${t(`exports.${file}`)}.csv`))
    .header('cache-control', 'private, no-store')
    .send(csvStream(language, heading(t), rows()) as never);
};

const exportDescription = (permission: string) =>
  "The list's `q`, filters and sort; `page` and `pageSize` are ignored (all rows), `lang` picks the headings' " +
  "language (else the caller's). Streamed; UTF-8 with a byte-order mark; commas in English, semicolons in " +
  `Russian; formula cells start with an apostrophe. Needs \`${permission}\`.`;

/** The OpenAPI schema of a list's export. */
export const exportSchema = (summary: string, permission: string, querystring: z.ZodType) => ({
  tags: ['admin'],
  summary,
  description: exportDescription(permission),
  security: [{ bearerAuth: [] }],
  querystring,
  produces: ['text/csv'],
  response: { 200: z.string().describe('The CSV text'), ...errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }) },
});

/**
 * What a list's export registered from its endpoint table entry adds to it
 * (docs/decisions/068-typed-endpoint-contract.md): the entry holds the query and the CSV answer, the route its
 * words, `produces` and its errors.
 */
export const exportRouteSchema = (summary: string, permission: string) => ({
  tags: ['admin'],
  summary,
  description: exportDescription(permission),
  produces: ['text/csv'],
  response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
});

/** Minor units as a decimal amount. */
export const decimal = (minor: number | string | null | undefined) => (Number(minor ?? 0) / 100).toFixed(2);
export const yesNo = (t: TFunction, value: number) => t(value === 1 ? 'exports.yes' : 'exports.no');
/** The headings of an export's columns. */
export const col = (t: TFunction, names: string[]) => names.map((name) => t(`exports.columns.${name}`));
