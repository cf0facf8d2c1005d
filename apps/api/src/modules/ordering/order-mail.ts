import { mailRecipient } from '../accounts';
import { cityOf } from './cart-pricing';
import type { OrderDeps } from './order-deps';
import { orderById, orderLines } from './orders.repository';

export type OrderMailEvent = 'placed' | 'active' | 'awaiting' | 'cancelled';

/** Mails the customer in their language once the transaction has committed; a failed mail is logged only. */
export async function mailOrder(
  { db, mailer, log }: Pick<OrderDeps, 'db' | 'mailer' | 'log'>,
  orderId: string,
  event: OrderMailEvent,
): Promise<void> {
  try {
    const order = await orderById(db, orderId);
    if (!order) throw new Error(`No order ${orderId}`);
    const user = await mailRecipient(db, order.userId);
    if (!user) throw new Error(`No user ${order.userId}`);
    const lines = await orderLines(db, orderId);
    await mailer.send(
      user.email,
      {
        kind: 'order',
        event,
        firstName: user.firstName,
        number: order.number,
        totalMinor: order.totalCents,
        currency: order.currency,
        lines: lines.map((l) => ({
          name: l.name,
          detail: l.kind === 'domain' ? null : (l.domain ?? cityOf(l.location)),
          months: l.months,
          amountMinor: l.amountCents,
        })),
      },
      user.preferredLanguage,
    );
  } catch (error) {
    log.error({ err: error, orderId }, 'order mail failed');
  }
}
