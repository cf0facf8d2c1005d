/**
 * What the provisioning module may use of the services module (docs/decisions/056-module-shape.md): the rows its
 * engine reads and writes. A narrow entry point apart from index.ts, so that provisioning does not import the
 * module's use cases, which enqueue provisioning tasks (an import cycle). Lint allows this file to provisioning only.
 */
export {
  activatePendingService,
  findServiceForTask,
  findServiceNameAndServer,
  findServiceTargetRow,
  recordSiteUsage,
  serverIdsServingName,
  setServiceSetupState,
} from './service-provisioning.repository';
export { servedAddonNames } from './addon-domains.repository';
export { customerHostingSiteIds, placeServicesOn, sitesToMove } from './demo-sites.repository';
