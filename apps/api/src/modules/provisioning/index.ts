/**
 * What other modules may use of the provisioning module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes. The
 * drivers under drivers/ are its own; what other modules build on them (the certificate driver over the ACME one,
 * a site's databases and files on its web node) is exported here. Provisioning imports no module above it:
 * the drivers of other modules are registered by the composition root (`apps/api/src/drivers.ts`).
 */
export { buildDriver } from './build-driver';
export { driverView, openConnection, parseConnection, updateConnection } from './connection-settings';
export { startDemoDns } from './demo-dns';
export { demoServerId } from './demo-servers';
export { startDemoWebNode } from './demo-web-node';
export {
  type DriverContext,
  DriverError,
  type DriverResult,
  type DriverSettings,
  type ProvisioningDriver,
  type ProvisioningTarget,
} from './driver';
export { createAcmeDriver } from './drivers/acme/driver';
export {
  createAccountKey,
  createProcessZoneLock,
  describeCertificate,
  type Http01Publisher,
  type IssuedCertificate,
  renewalDue,
  renewalTime,
  type ZoneLock,
} from './drivers/acme/issue';
export { PEBBLE_INSTALL_HINT, pebbleAvailable, type PebbleProcess, startPebble } from './drivers/acme/process';
export { createPowerDnsDriver } from './drivers/powerdns/driver';
export { zoneRecordsOf } from './drivers/powerdns/zone';
export {
  createWebNodeDriver,
  isWebNodeDriver,
  planLimits,
  siteChallenges,
  type WebNodeDriver,
  type WebNodeHooks,
  webNodeSettings,
} from './drivers/web-node/driver';
export { createWebNodeFiles, type WebNodeFiles } from './drivers/web-node/files';
export type { ProvisioningEngine } from './engine';
export { servicesWithDriverTasks } from './provisioning.repository';
export { driverRegistered, provisionedBy, registerDriver, registerTargetLoader } from './registry';
export { findSiteNode, findSiteNodes } from './site-node';
export { DEFAULT_NAMESERVERS, providerNameservers } from './targets';
export { reviveWaitingTask } from './task-actions';
export { enqueueProvisioning, refreshSetupState, UNFINISHED } from './tasks';
export { collectUsage } from './usage-collection';
export { servicesOnWebNodes } from './web-node-services';
export { zonePublication } from './zone-publication';
