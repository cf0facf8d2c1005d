/**
 * What other modules may use of the domains module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { findDomainOwner, findDomainZone } from './domain-provisioning.repository';
export { domainExists } from './staff-domains';
export { holdersOfDomainsNamed, ownDomainIdNamed } from './domain-holders';
export { displayDomainName, parseDomainQuery } from './domain-names';
export { createLocalRegistrar } from './registrar';
export type { Registrar } from './registrar';
export { domainsDueForExpiry, domainsDueForRenewal, findDomainForLifecycle, moveExpiredDomain } from './lifecycle';
export { liveDomainNamed } from './domain-lookups.repository';
export { readDomain } from './domain-input';
export { ownedDomainNames } from './owned-domains';
export { domainLabels } from './domain-labels';
export { domainRenewalTarget, ownDomainForRenewal } from './domain-renewal';
