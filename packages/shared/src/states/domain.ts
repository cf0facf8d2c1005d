import { defineStateMachine } from './machine';

/**
 * A registered domain (docs/product/states.md):
 * - active: registered and resolving; its expiry date passing without renewal puts it in its grace period; a
 *   transfer (out, or its transfer-in finishing later) makes it transferring;
 * - transferring: a registrar transfer in progress; it completes or is cancelled back to active, or fails and
 *   the registration lapses (expired);
 * - graceperiod: past expiry, still renewable at the normal price; renewed → active, not renewed → expired;
 * - expired: lapsed; a restore brings it back to active.
 */
export const domainStates = defineStateMachine('domain', {
  active: ['transferring', 'graceperiod'],
  transferring: ['active', 'expired'],
  graceperiod: ['active', 'expired'],
  expired: ['active'],
} as const);

export type DomainStatus = (typeof domainStates.states)[number];
export const DOMAIN_STATUSES = domainStates.states;
