import { findServerConnection, updateServerConnection } from './servers.repository';

/**
 * The servers module's answers to the provisioning engine about a server's driver and connection
 * (docs/decisions/056-module-shape.md: another module reaches the `servers` table only through these).
 */

/** The server's driver type, connection settings and last connection test; undefined when there is none. */
export const serverConnection = findServerConnection;

/** Writes the server's driver, connection settings or connection test outcome (in the caller's transaction). */
export const setServerConnection = updateServerConnection;
