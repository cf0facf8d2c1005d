import { journal } from '../../lib/journal';
import type { TransferHooks } from '../billing';
import type { OrderDeps } from './order-deps';
import { mailOrder } from './order-mail';
import { afterPayment, chargeLines } from './order-provisioning';
import { orderOfInvoice } from './orders.repository';

/**
 * A bank transfer toward an order's invoice was approved (inside settleBankTransfer's transaction, whose
 * ledger already holds the transfer's credit): charge the order and move it on. Answers the order id to mail
 * about after commit, or null when the invoice is no order's.
 */
export function orderTransferHooks(deps: OrderDeps): TransferHooks {
  const { registrar } = deps;
  return {
    async isOrderInvoice(trx, invoiceId) {
      return (await orderOfInvoice(trx, invoiceId)) !== undefined;
    },
    async afterApproval(trx, { invoiceId, actorId, now, clientIp }) {
      const order = await orderOfInvoice(trx, invoiceId);
      if (!order || order.status !== 'pending_payment') return null;
      const log = journal(trx, order.userId, actorId, now, clientIp);
      await chargeLines(trx, order, actorId, now);
      const after = await afterPayment(trx, registrar, order, now, log, true);
      return () => mailOrder(deps, order.id, after.event);
    },
  };
}
