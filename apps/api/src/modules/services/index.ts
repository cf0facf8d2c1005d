/**
 * What other modules may use of the services module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { addonDomainHooks, SERVED_STATUSES, servedAddonDomains } from './addon-domains';
export {
  activatePendingService,
  createService,
  findServiceForTask,
  findServiceNameAndServer,
  findServiceTargetRow,
  recordSiteUsage,
  serverIdsServingName,
  setServiceSetupState,
} from './service-provisioning.repository';
export { ownHostingService, ownServiceState } from './own-service';
export { serviceExists } from './staff-services';
export {
  applyPendingPlan,
  extendService,
  ownServiceForRenewal,
  reactivateIfOverdue,
  serviceRenewalTarget,
} from './service-renewal';
