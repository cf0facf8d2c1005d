import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  orderDetailSchema,
  type orderListQuerySchema,
  type payOrderRequestSchema,
  payOrderResponseSchema,
  orderingEndpoints,
} from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { requestFingerprint } from '../../lib/idempotency';
import { authOf } from '../../plugins/authenticate';
import { toQuote } from './cart-pricing';
import type { OrderDeps } from './order-deps';
import { quoteCart } from './quote-cart';
import { placeOrder } from './place-order';
import { payOrder } from './pay-order';
import { cancelUnpaidOrder } from './cancel-unpaid-order';
import { customerOrderDetail, listCustomerOrders } from './customer-orders';
import { endpointRoute } from '../../lib/endpoint-route';

const headers = idempotencyHeadersSchema.loose();

function idempotencyOf(request: FastifyRequest) {
  return {
    key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
    fingerprint: requestFingerprint(request.method, request.url, request.body),
  };
}

const MONEY_ERRORS = {
  ...BODY_ERRORS,
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  403: 'EMAIL_NOT_VERIFIED: the account has not verified its e-mail address yet',
} as const;

/**
 * Ordering (docs/product/ordering.md, docs/decisions/032-ordering-and-checkout.md): the public quote, and the
 * signed-in customer's orders: place, pay, list, read. Placing and paying need an `Idempotency-Key` header.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ deps: OrderDeps }> = async (app, { deps }) => {
  const db = app.database.db;

  endpointRoute(
    app,
    orderingEndpoints.postOrdersQuote,
    {
      schema: {
        tags: ['ordering'],
        summary: 'Price a cart from the catalogue (no sign-in)',
        description:
          'Each line comes back with its unit price, period price and line total, or with `errors` by field ' +
          '(validation keys: orderPlan, period, orderLocation, orderGame, orderDomainRequired, domain spelling, ' +
          'domainRegistered, domainReserved, domainInCartTwice). Prices sent by the browser are ignored.',
        response: errorResponses(BODY_ERRORS),
      },
    },
    async (request) => toQuote(await quoteCart(deps, request.body.lines)),
  );

  endpointRoute(
    app,
    orderingEndpoints.postOrders,
    {
      schema: {
        tags: ['ordering'],
        summary: 'Place an order: the cart and the total the customer saw',
        description:
          'Prices come from the catalogue only. Creates the order (pending_payment), its lines and one unpaid ' +
          'invoice with a line per item. A line problem answers 400 with `fields["lines.N.field"]`; a total other ' +
          "than the catalogue's answers 409 CART_CHANGED and creates nothing.",
        headers,
        response: {
          201: orderDetailSchema,
          ...errorResponses({
            ...MONEY_ERRORS,
            409: 'CART_CHANGED (the cart or a price changed: quote again), IDEMPOTENCY_KEY_REUSED',
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await placeOrder(deps, authOf(request).userId, request.body, idempotencyOf(request));
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );

  endpointRoute(
    app,
    orderingEndpoints.postOrdersPay,
    {
      schema: {
        tags: ['ordering'],
        summary: 'Pay an order from the balance, by the test card (demo mode) or by bank transfer',
        description:
          'Balance and test card settle at once: the order is provisioned, or waits for review when new orders ' +
          'need approval. A bank transfer stays pending until staff approve it. No slot left in the chosen city ' +
          'or a domain registered meanwhile answers 409 and takes no money.',
        headers,
        response: {
          201: payOrderResponseSchema.describe('A bank transfer, pending'),
          ...errorResponses({
            ...MONEY_ERRORS,
            402: 'PAYMENT_DECLINED: the card was declined (the failed payment is kept)',
            404: 'NOT_FOUND: no such order on this account',
            409:
              'ORDER_ALREADY_PAID, INVALID_STATE (cancelled or fraud), INSUFFICIENT_FUNDS, OUT_OF_CAPACITY, ' +
              'DOMAIN_UNAVAILABLE, IDEMPOTENCY_KEY_REUSED',
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await payOrder(
        deps,
        authOf(request).userId,
        request.params.id,
        request.body as z.output<typeof payOrderRequestSchema>,
        idempotencyOf(request),
      );
      return reply.code(answer.statusCode as 200).send(answer.body as never);
    },
  );

  endpointRoute(
    app,
    orderingEndpoints.postOrdersCancel,
    {
      schema: {
        tags: ['ordering'],
        summary: 'Cancel an order that waits for payment; its invoice is voided',
        description:
          'Only an order still waiting for payment with no bank transfer pending (409 INVALID_STATE otherwise). ' +
          'Nothing was paid, so nothing goes back; the order keeps its number and shows as cancelled by the customer.',
        response: {
          ...errorResponses({
            401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
            404: 'NOT_FOUND: no such order on this account',
            409: 'INVALID_STATE: paid, already cancelled, or a bank transfer is pending',
          }),
        },
      },
    },
    async (request) => cancelUnpaidOrder(deps, authOf(request).userId, request.params.id, request.ip),
  );

  endpointRoute(
    app,
    orderingEndpoints.getOrders,
    {
      schema: {
        tags: ['ordering'],
        summary: "The signed-in customer's orders",
        response: LIST_ERRORS,
      },
    },
    async (request) =>
      listCustomerOrders(db, authOf(request).userId, request.query as z.output<typeof orderListQuerySchema>),
  );

  endpointRoute(
    app,
    orderingEndpoints.getOrdersItem,
    {
      schema: {
        tags: ['ordering'],
        summary: "One of the customer's orders: lines, invoice, payments",
        response: ITEM_ERRORS,
      },
    },
    async (request) => customerOrderDetail(db, authOf(request).userId, request.params.id),
  );
};
