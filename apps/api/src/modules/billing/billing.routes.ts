import {
  CURRENCY,
  dayRange,
  periodError,
  STATEMENT_MAX_DAYS,
  validationMessage,
  billingEndpoints,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ITEM_ERRORS, LIST_ERRORS, SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { renderInvoicePdf } from '../../lib/documents/invoice-pdf';
import { attachment } from '../../lib/documents/csv-export';
import { renderStatementCsv } from '../../lib/documents/statement-csv';
import { textsOf } from '../../lib/documents/texts';
import { AppError } from '../../lib/errors';
import { readerLanguage } from '../../lib/reader-language';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { accountBalance, ledgerStatement, listInvoices, listTransactions } from './customer-finance';
import { invoiceDetail } from './invoice-detail';
import { endpointRoute } from '../../lib/endpoint-route';

/** A period's end before its start, or too long, is refused under the end's name, as a form shows it. */
function checkPeriod(from: string | undefined, to: string | undefined, maxDays?: number): void {
  if (!from || !to) return;
  const code = periodError(from, to, maxDays);
  if (code) throw new AppError('VALIDATION_FAILED', { fields: { to: { code, message: validationMessage(code) } } });
}

/**
 * GET /finance/balance, /finance/transactions, /finance/invoices, /finance/invoices/:id and its PDF, and
 * /finance/statement (CSV).
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  endpointRoute(
    app,
    billingEndpoints.getFinanceBalance,
    {
      schema: {
        tags: ['finance'],
        summary: 'My balance: the sum of my ledger',
        response: SIGNED_IN_ERRORS,
      },
    },
    async (request) => ({ balance: await accountBalance(deps, authOf(request).userId) }),
  );

  endpointRoute(
    app,
    billingEndpoints.getFinanceTransactions,
    {
      schema: {
        tags: ['finance'],
        summary: 'My transactions: ledger entries, and payments still pending or failed',
        description:
          '`from` and `to` are days (`YYYY-MM-DD`, UTC), both included; `to` before `from` is refused under `to`.',
        response: LIST_ERRORS,
      },
    },
    async (request) => {
      checkPeriod(request.query.from, request.query.to);
      const { items, total } = await listTransactions(deps, authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    billingEndpoints.getFinanceInvoices,
    {
      schema: {
        tags: ['finance'],
        summary: 'My invoices',
        description: '`q` matches the invoice number (literally, ignoring case).',
        response: LIST_ERRORS,
      },
    },
    async (request) => {
      const { items, total } = await listInvoices(deps, authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    billingEndpoints.getFinanceInvoicesItem,
    {
      schema: {
        tags: ['finance'],
        summary: 'One of my invoices, with its lines',
        response: ITEM_ERRORS,
      },
    },
    async (request) => {
      const invoice = await invoiceDetail(deps, authOf(request).userId, request.params.id);
      if (!invoice) throw notFound('Invoice');
      return invoice;
    },
  );

  endpointRoute(
    app,
    billingEndpoints.getFinanceInvoicesPdf,
    {
      schema: {
        tags: ['finance'],
        summary: 'One of my invoices as a PDF, named by its number',
        description: 'In `lang` (en or ru), else in my preferred language. Answers `application/pdf`.',
        produces: ['application/pdf'],
        response: ITEM_ERRORS,
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const invoice = await invoiceDetail(deps, userId, request.params.id);
      if (!invoice) throw notFound('Invoice');
      const language = await readerLanguage(app.database.db, userId, request.query.lang);
      const pdf = await renderInvoicePdf(invoice, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(`${invoice.number}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  endpointRoute(
    app,
    billingEndpoints.getFinanceStatement,
    {
      schema: {
        tags: ['finance'],
        summary: 'A statement of my ledger for a period, as CSV',
        description:
          '`from` and `to` are days (`YYYY-MM-DD`, UTC), both included, at most 366 days apart. UTF-8 with a ' +
          'byte-order mark; comma-separated with a decimal point in English, semicolon-separated with a decimal ' +
          'comma in Russian (`lang`, else my preferred language). Cells that a spreadsheet would read as a ' +
          'formula start with an apostrophe.',
        produces: ['text/csv'],
        response: LIST_ERRORS,
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { from, to, lang } = request.query;
      checkPeriod(from, to, STATEMENT_MAX_DAYS);
      const { start, end } = dayRange(from, to);
      const language = await readerLanguage(app.database.db, userId, lang);
      const statement = await ledgerStatement(deps, userId, start!, end!);
      const csv = renderStatementCsv({ ...statement, currency: CURRENCY }, language);
      const name = textsOf(language)('documents.statement.fileName', { from, to });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${name}.csv`))
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
