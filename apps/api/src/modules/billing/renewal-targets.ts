import { domainRenewalTarget } from '../domains';
import { serviceRenewalTarget } from '../services';
import type { RenewalTargets } from './renew';

/**
 * The services and domains modules' part of a renewal, for billing's own use cases (renew-service.ts,
 * renew-domain.ts). Not exported from index.ts: those modules use billing's entry point, which would then import
 * them back (docs/decisions/056-module-shape.md).
 */
export const renewalTargets: RenewalTargets = { service: serviceRenewalTarget, domain: domainRenewalTarget };
