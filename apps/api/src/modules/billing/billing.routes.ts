import {
  balanceSchema,
  idParamsSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  transactionListQuerySchema,
  transactionPageSchema,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_ROUTE, ITEM_ERRORS, LIST_ERRORS, SIGNED_IN_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { createBillingRepository } from './billing.repository';

/** GET /finance/balance, /finance/transactions, /finance/invoices, /finance/invoices/:id. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const billing = createBillingRepository(app.database.db);

  app.get(
    '/finance/balance',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['finance'],
        summary: 'My balance: the sum of my ledger',
        response: { 200: balanceSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ balance: await billing.balance(authOf(request).userId) }),
  );

  app.get(
    '/finance/transactions',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['finance'],
        summary: 'My transactions: ledger entries, and payments still pending or failed',
        querystring: transactionListQuerySchema,
        response: { 200: transactionPageSchema, ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await billing.listTransactions(authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  app.get(
    '/finance/invoices',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['finance'],
        summary: 'My invoices',
        description: '`q` matches the invoice number (literally, ignoring case).',
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema, ...LIST_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await billing.listInvoices(authOf(request).userId, request.query);
      return pageOf(request.query, total, items);
    },
  );

  app.get(
    '/finance/invoices/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['finance'],
        summary: 'One of my invoices, with its lines',
        params: idParamsSchema,
        response: { 200: invoiceDetailSchema, ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const invoice = await billing.findInvoice(authOf(request).userId, request.params.id);
      if (!invoice) throw notFound('Invoice');
      return invoice;
    },
  );
};
