import { transactionState } from '@/lib/status';

/**
 * docs/product/states.md: a hosting row offers Suspend when it is active and Activate otherwise. The same rule
 * applies to user rows (an account that is already suspended is offered Activate, not Suspend again).
 */
export type StatusToggle = 'suspend' | 'activate';

export function statusToggle(status: string): StatusToggle {
  return status.toLowerCase() === 'active' ? 'suspend' : 'activate';
}

/**
 * Billing rows: View on every row; Approve and Decline only on pending bank transfers (staff settle those; a card
 * or PayPal payment is settled by its provider), and only for a role that may settle payments (billing.approve);
 * Refund on a completed payment for a role that may move money (billing.write; decision 033).
 */
export type TransactionAction = 'view' | 'approve' | 'decline' | 'refund';

export function transactionActions(
  status: string,
  method: string,
  canApprove = true,
  canRefund = false,
): TransactionAction[] {
  const settleable = canApprove && method === 'bank_transfer' && transactionState(status) === 'pending';
  if (settleable) return ['view', 'approve', 'decline'];
  return canRefund && status === 'completed' ? ['view', 'refund'] : ['view'];
}
