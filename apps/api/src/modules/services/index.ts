/**
 * What other modules may use of the services module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { addonDomainHooks } from './addon-domains';
export { createService, findServiceForTask } from './service-provisioning.repository';
export { ownHostingService, ownServiceState } from './own-service';
export { serviceExists } from './staff-services';
export {
  activeServicesPerServer,
  cancelServiceFrom,
  findServiceForLifecycle,
  recordServiceUsageDay,
  serviceOwnersIn,
  servicesDueForRenewal,
  servicesDueForSuspension,
  servicesDueForTermination,
  suspendOverdueService,
} from './lifecycle';
export { hostingServicesNamed, serviceOwners } from './certificate-sites.repository';
export { customerServiceIds, customerServicesWithDomain } from './demo-sites.repository';
export { freeCapacity, lockedFreeSlots, SERVER_TYPE } from './server-capacity';
export { serviceLabels } from './service-labels';
export { unplaceServicesFrom } from './server-capacity.repository';
export { ownServiceForRenewal, serviceRenewalTarget } from './service-renewal';
