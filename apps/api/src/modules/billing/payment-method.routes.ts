import { billingEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import { removeCard } from './remove-card';
import { saveCard } from './save-card';
import { type CardVault, getSavedCard } from './saved-card';
import { endpointRoute } from '../../lib/endpoint-route';

export interface PaymentMethodRoutesOptions {
  clock: Clock;
  vault: CardVault;
}

const UNAUTHORIZED = 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED';

/**
 * GET, POST and DELETE /billing/payment-method: the signed-in customer's one saved card for renewals
 * (docs/decisions/038-saved-card-for-renewals.md). Answers show the brand, last four digits, expiry and holder only.
 */
export const paymentMethodRoutes: FastifyPluginAsyncZod<PaymentMethodRoutesOptions> = async (app, options) => {
  const deps = { db: app.database.db, clock: options.clock, vault: options.vault };

  endpointRoute(
    app,
    billingEndpoints.getBillingPaymentMethod,
    {
      schema: {
        tags: ['finance'],
        summary: 'My saved card for renewals, or null',
        response: errorResponses({ 401: UNAUTHORIZED }),
      },
    },
    async (request) => ({ card: await getSavedCard(deps, authOf(request).userId) }),
  );

  endpointRoute(
    app,
    billingEndpoints.postBillingPaymentMethod,
    {
      schema: {
        tags: ['finance'],
        summary: 'Save (or replace) my card for renewals through the card provider (demo mode only: the test card)',
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            400: 'VALIDATION_FAILED: a bad number (Luhn), month, year or holder, an expired card, a card the provider declined, or card payments not available (`fields` names each)',
            401: UNAUTHORIZED,
          }),
        },
      },
    },
    async (request) => ({
      card: await saveCard(deps, { userId: authOf(request).userId, card: request.body, clientIp: request.ip }),
    }),
  );

  endpointRoute(
    app,
    billingEndpoints.deleteBillingPaymentMethod,
    {
      schema: {
        tags: ['finance'],
        summary: 'Remove my saved card',
        response: {
          ...errorResponses({ 401: UNAUTHORIZED, 404: 'NOT_FOUND: no card is saved' }),
        },
      },
    },
    async (request) => {
      await removeCard(deps, { userId: authOf(request).userId, clientIp: request.ip });
      return { card: null };
    },
  );
};
