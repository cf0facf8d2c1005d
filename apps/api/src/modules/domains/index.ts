/**
 * What other modules may use of the domains module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export {
  findDomainNameAndDs,
  findDomainOwner,
  findDomainZone,
  setDomainSetupState,
} from './domain-provisioning.repository';
export { domainExists } from './staff-domains';
export { displayDomainName, parseDomainQuery } from './domain-names';
export { createLocalRegistrar, parseDsRecords } from './registrar';
export type { DomainAvailability, Registrar } from './registrar';
export { domainRenewalTarget, extendDomain, ownDomainForRenewal } from './domain-renewal';
