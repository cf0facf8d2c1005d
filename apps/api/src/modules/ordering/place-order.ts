import { createHash, randomUUID } from 'node:crypto';
import { CURRENCY, type OrderDetail, orderNumber, unpaidOrderExpiry } from '@hostpilot/shared';
import type { OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { takeNumbers, createInvoice, type InvoiceLineInput } from '../billing';
import { type CartLineInput, cartProblemsError, cityOf, type PricedCart, priceCart } from './cart-pricing';
import { readOrderDetail } from './order-detail';
import type { Idempotency, OrderDeps } from './order-deps';
import { insertOrder, waitingOrderOfCart } from './orders.repository';

/**
 * Places an order (docs/decisions/032-ordering-and-checkout.md): prices the cart from the catalogue and writes the
 * order, its lines and its unpaid invoice, once per `Idempotency-Key`. The same cart placed again while its order
 * waits for payment answers that order.
 */
export async function placeOrder(
  { db, clock, registrar }: Pick<OrderDeps, 'db' | 'clock' | 'registrar'>,
  userId: string,
  input: { lines: CartLineInput[]; expectedTotal: number },
  idempotency: Idempotency,
): Promise<Answer<OrderDetail>> {
  const now = clock.now();
  const answer = await runIdempotent<OrderDetail>(db, { userId, ...idempotency, now }, async (trx) => {
    const cart = await priceCart(trx, registrar, input.lines, userId);
    if (!cart.valid) throw cartProblemsError(cart);
    if (cart.totalCents !== input.expectedTotal) {
      throw new AppError('CART_CHANGED', { cause: { expected: input.expectedTotal, total: cart.totalCents } });
    }
    // One order per cart: the same cart placed again (a retry after a failed payment, a reload, another tab)
    // while its order still waits for payment answers that order.
    const cartKey = cartKeyOf(cart);
    const waiting = await waitingOrderOfCart(trx, userId, cartKey);
    if (waiting) return { statusCode: 200, body: await readOrderDetail(trx, waiting) };
    const year = new Date(now).getUTCFullYear();
    const sequence = await takeNumbers(trx, `order:${year}`);
    const number = orderNumber(year, sequence);
    const invoice = await createInvoice(trx, {
      userId,
      status: 'unpaid',
      now,
      // Due when the order expires unpaid (docs/decisions/052-money-journeys.md): one date for both.
      dueAt: unpaidOrderExpiry(now),
      lines: cart.lines.flatMap((line): InvoiceLineInput[] =>
        line.kind === 'domain'
          ? [
              {
                key: 'invoiceLines.orderDomain',
                params: { domain: line.domain, years: line.quantity, order: number },
                quantity: line.quantity,
                unitPriceCents: line.unitPriceCents,
              },
              // The free first year, as a line of its own so the invoice shows the price and the gift.
              ...(line.discountCents > 0
                ? [
                    {
                      key: 'invoiceLines.freeDomainYear',
                      params: { domain: line.domain, plan: line.freeDomainWith, order: number },
                      unitPriceCents: -line.discountCents,
                    },
                  ]
                : []),
            ]
          : [
              {
                key: 'invoiceLines.orderService',
                params: { name: line.name, domain: line.domain ?? cityOf(line.location) ?? '', order: number },
                quantity: line.quantity,
                unitPriceCents: line.unitPriceCents,
              },
            ],
      ),
    });
    const order: OrderRow = {
      id: randomUUID(),
      userId,
      number,
      year,
      sequence,
      status: 'pending_payment',
      invoiceId: invoice.id,
      totalCents: cart.totalCents,
      currency: CURRENCY,
      paidAt: null,
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
      refundCents: null,
      cartKey,
      cancelCause: null,
      createdAt: now,
      updatedAt: now,
    };
    await insertOrder(
      trx,
      order,
      cart.lines.map((line, index) => ({
        id: randomUUID(),
        orderId: order.id,
        position: index + 1,
        kind: line.kind,
        planId: line.planId,
        name: line.name,
        domain: line.domain,
        months: line.months,
        location: line.location,
        game: line.game,
        unit: line.unit,
        unitPriceCents: line.unitPriceCents,
        amountCents: line.amountCents,
        discountCents: line.discountCents,
        freeDomainWith: line.freeDomainWith,
        serviceId: null,
        domainId: null,
      })),
    );
    const log = journal(trx, userId, userId, now);
    await log.statusChange({ entityType: 'order', entityId: order.id, from: null, to: 'pending_payment' });
    const params = { number, amountMinor: order.totalCents, currency: order.currency };
    await log.notify({ type: 'info', key: 'orderPlaced', params });
    await log.activity({ action: 'order.placed', subjectType: 'invoice', subjectId: invoice.id, params });
    return { statusCode: 201, body: await readOrderDetail(trx, order) };
  });
  return answer;
}

/**
 * The digest of a priced cart (docs/decisions/052-money-journeys.md): the same choices at the same
 * prices give the same key, so placing them again finds the order still waiting for payment.
 */
export function cartKeyOf(cart: PricedCart): string {
  const lines = cart.lines.map((l) => [l.kind, l.planId, l.domain, l.months, l.location, l.game, l.amountCents]);
  return createHash('sha256')
    .update(JSON.stringify({ lines, total: cart.totalCents }))
    .digest('hex');
}
