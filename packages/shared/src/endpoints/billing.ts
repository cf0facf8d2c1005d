import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  domainRenewalRequestSchema,
  renewalResponseSchema,
  serviceRenewalRequestSchema,
  topUpRequestSchema,
  topUpResponseSchema,
} from '../api/actions';
import {
  balanceSchema,
  idParamsSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  languageQuerySchema,
  statementQuerySchema,
  transactionListQuerySchema,
  transactionPageSchema,
} from '../api/customer';
import { paymentMethodResponseSchema, savePaymentMethodRequestSchema } from '../api/payment-method';

/** The billing module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const billingEndpoints = {
  getFinanceBalance: defineEndpoint({
    method: 'GET',
    path: '/finance/balance',
    response: balanceSchema,
    auth: 'customer',
  }),
  getFinanceTransactions: defineEndpoint({
    method: 'GET',
    path: '/finance/transactions',
    query: transactionListQuerySchema,
    response: transactionPageSchema,
    auth: 'customer',
  }),
  getFinanceInvoices: defineEndpoint({
    method: 'GET',
    path: '/finance/invoices',
    query: invoiceListQuerySchema,
    response: invoicePageSchema,
    auth: 'customer',
  }),
  getFinanceInvoicesItem: defineEndpoint({
    method: 'GET',
    path: '/finance/invoices/:id',
    params: idParamsSchema,
    response: invoiceDetailSchema,
    auth: 'customer',
  }),
  getFinanceInvoicesPdf: defineEndpoint({
    method: 'GET',
    path: '/finance/invoices/:id/pdf',
    params: idParamsSchema,
    query: languageQuerySchema,
    response: z.any().describe('The PDF'),
    auth: 'customer',
  }),
  getFinanceStatement: defineEndpoint({
    method: 'GET',
    path: '/finance/statement',
    query: statementQuerySchema,
    response: z.string().describe('The CSV text'),
    auth: 'customer',
  }),
  postFinanceTopUps: defineEndpoint({
    method: 'POST',
    path: '/finance/top-ups',
    body: topUpRequestSchema,
    response: topUpResponseSchema.describe('The payment (completed or pending), the balance, a pro-forma invoice'),
    status: 201,
    auth: 'verified',
  }),
  postServicesRenew: defineEndpoint({
    method: 'POST',
    path: '/services/:id/renew',
    params: idParamsSchema,
    body: serviceRenewalRequestSchema,
    response: renewalResponseSchema,
    auth: 'verified',
  }),
  postDomainsRenew: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/renew',
    params: idParamsSchema,
    body: domainRenewalRequestSchema,
    response: renewalResponseSchema,
    auth: 'verified',
  }),
  getBillingPaymentMethod: defineEndpoint({
    method: 'GET',
    path: '/billing/payment-method',
    response: paymentMethodResponseSchema,
    auth: 'customer',
  }),
  postBillingPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/billing/payment-method',
    body: savePaymentMethodRequestSchema,
    response: paymentMethodResponseSchema,
    auth: 'customer',
  }),
  deleteBillingPaymentMethod: defineEndpoint({
    method: 'DELETE',
    path: '/billing/payment-method',
    response: paymentMethodResponseSchema,
    auth: 'customer',
  }),
};
