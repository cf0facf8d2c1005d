import { invoiceStates, type Payment, paymentStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockAccount } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { appendLedgerEntry, paymentCreditText } from './ledger';
import { updateUnpaidInvoice } from './ledger.repository';
import { toPayment, type TransferHooks } from './payments.service';
import { bankTransferOwner, settlePendingPayment } from './payments.repository';

/**
 * Staff approve or decline a pending bank transfer, exactly once (the back office calls this). Approval
 * credits the ledger and marks the pro-forma invoice paid; a decline fails the payment with the reason and
 * voids the invoice. A payment no longer pending (settled before, or by someone else at the same moment)
 * answers INVALID_STATE and changes nothing; another method's payment or an unknown id answers NOT_FOUND.
 */
export async function settleBankTransfer(
  db: Kysely<Database>,
  input: {
    paymentId: string;
    decision: 'approve' | 'decline';
    actorId: string;
    reason?: string;
    /** The staff member's address, for the audit entry. */
    clientIp?: string | null;
    now: number;
  },
  hooks?: TransferHooks,
): Promise<Payment> {
  let afterCommit: (() => Promise<void>) | null = null;
  const payment = await db.transaction().execute(async (trx) => {
    const found = await bankTransferOwner(trx, input.paymentId);
    if (!found) throw new AppError('NOT_FOUND');
    await lockAccount(trx, found.userId);
    const to = input.decision === 'approve' ? 'completed' : 'failed';
    paymentStates.assertTransition('pending', to);
    const updated = await settlePendingPayment(trx, input.paymentId, {
      status: to,
      updatedAt: input.now,
      completedAt: to === 'completed' ? input.now : null,
      declineReason: to === 'failed' ? (input.reason ?? 'declined') : null,
    });
    if (!updated) throw new AppError('INVALID_STATE');
    const log = journal(trx, updated.userId, input.actorId, input.now, input.clientIp ?? null);
    await log.statusChange({
      entityType: 'payment',
      entityId: updated.id,
      from: 'pending',
      to,
      reason: input.reason ?? null,
    });
    await log.audit({
      action: input.decision === 'approve' ? 'payment.approve' : 'payment.decline',
      entityType: 'payment',
      entityId: updated.id,
      before: { status: 'pending' },
      after: { status: to, reason: input.reason ?? null },
    });
    const orderInvoice = updated.invoiceId !== null && (await hooks?.isOrderInvoice(trx, updated.invoiceId));
    if (updated.invoiceId && !(orderInvoice && to === 'failed')) {
      const invoiceTo = to === 'completed' ? 'paid' : 'void';
      invoiceStates.assertTransition('unpaid', invoiceTo);
      const changed = await updateUnpaidInvoice(trx, updated.invoiceId, {
        status: invoiceTo,
        paidAt: invoiceTo === 'paid' ? input.now : null,
        updatedAt: input.now,
      });
      if (changed) {
        await log.statusChange({ entityType: 'invoice', entityId: updated.invoiceId, from: 'unpaid', to: invoiceTo });
      }
    }
    const params = { amountMinor: updated.amountCents, currency: updated.currency };
    if (to === 'completed') {
      await appendLedgerEntry(trx, {
        userId: updated.userId,
        type: 'topup',
        amountCents: updated.amountCents,
        ...(await paymentCreditText(trx, updated)),
        paymentId: updated.id,
        invoiceId: updated.invoiceId,
        actorId: input.actorId,
        now: input.now,
      });
      await log.notify({ type: 'success', key: 'paymentReceived', params });
      await log.activity({ action: 'payment.topUp', subjectType: 'payment', subjectId: updated.id, params });
      if (orderInvoice && hooks) {
        afterCommit = await hooks.afterApproval(trx, {
          invoiceId: updated.invoiceId!,
          actorId: input.actorId,
          now: input.now,
          clientIp: input.clientIp ?? null,
        });
      }
    } else {
      await log.notify({ type: 'error', key: 'paymentDeclined', params });
      await log.activity({ action: 'payment.declined', subjectType: 'payment', subjectId: updated.id, params });
    }
    return toPayment(updated);
  });
  if (afterCommit) await (afterCommit as () => Promise<void>)();
  return payment;
}
