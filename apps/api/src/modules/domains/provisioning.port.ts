/**
 * What the provisioning module may use of the domains module (docs/decisions/056-module-shape.md): the rows its
 * engine reads and writes. A narrow entry point apart from index.ts, so that provisioning does not import the
 * module's use cases, which enqueue provisioning tasks (an import cycle). Lint allows this file to provisioning only.
 */
export {
  findDomainNameAndDs,
  findDomainOwner,
  findDomainZone,
  setDomainSetupState,
} from './domain-provisioning.repository';
export { createLocalRegistrar, parseDsRecords } from './registrar';
export type { Registrar } from './registrar';
export { domainIdsNamed, liveDomainIds } from './domain-lookups.repository';
