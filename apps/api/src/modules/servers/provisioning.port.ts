/**
 * What the provisioning module may use of the servers module (docs/decisions/056-module-shape.md): the rows its
 * engine reads and writes. A narrow entry point apart from index.ts, so that provisioning does not import the
 * module's use cases, which enqueue provisioning tasks (an import cycle). Lint allows this file to provisioning only.
 */
export {
  findFirstServerWithDriver,
  findServerWithDriver,
  findWebNodesAmong,
  listWebNodes,
  markServerReachedAgain,
  markServerUnreachable,
  recordNodeReading,
  serverAddress,
  serverAddresses,
} from './server-nodes.repository';
export { serverConnection, setServerConnection } from './server-connection';
export { insertServer, serverIdNamed } from './server-records.repository';
