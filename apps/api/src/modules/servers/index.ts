/**
 * What other modules may use of the servers module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { findFirstServerWithDriver } from './server-nodes.repository';
export { serverConnection, setServerConnection } from './server-connection';
export { placementServers, placementTarget } from './server-placement';
export { sampleServersByLoad } from './usage-samples';
export { swapConnectionSettings } from './server-records.repository';
export { dnsServerSettings } from './dns-servers';
export { serverDriverTypes, serverMachines, serverSummaries } from './server-summaries';
export { lockServer, placeableServers, serverCapacity } from './server-capacity';
export { serverLabels } from './server-labels';
