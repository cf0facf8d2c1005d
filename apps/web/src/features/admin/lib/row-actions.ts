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
 * Billing rows: View on every row; Approve and Decline only on pending transactions, and only for a role that
 * may settle payments (billing.approve).
 */
export type TransactionAction = 'view' | 'approve' | 'decline';

export function transactionActions(status: string, canApprove = true): TransactionAction[] {
  return canApprove && transactionState(status) === 'pending' ? ['view', 'approve', 'decline'] : ['view'];
}
