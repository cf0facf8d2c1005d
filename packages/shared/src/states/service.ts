import { defineStateMachine } from './machine';

/**
 * A service of any kind (docs/product/states.md):
 * - pending: ordered, not yet paid or provisioned; paid → active, abandoned → cancelled;
 * - active: running; staff or a failed renewal suspends it, the expiry date passing expires it, the customer
 *   (or staff) cancels it;
 * - suspended: stopped with a reason (abuse, unpaid); reactivated, expired or cancelled from there;
 * - expired: not renewed in time; a renewal reactivates it, or it is cancelled for good;
 * - cancelled: final.
 */
export const serviceStates = defineStateMachine('service', {
  pending: ['active', 'cancelled'],
  active: ['suspended', 'expired', 'cancelled'],
  suspended: ['active', 'expired', 'cancelled'],
  expired: ['active', 'cancelled'],
  cancelled: [],
} as const);

export type ServiceStatus = (typeof serviceStates.states)[number];
export const SERVICE_STATUSES = serviceStates.states;
