import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findOwnHostingService, findOwnServiceState } from './services.repository';

/**
 * The services module's answers to other modules about a customer's own service (docs/decisions/056-module-shape.md:
 * modules reach each other through exported use cases, never through another module's repository).
 */

/** The signed-in owner's service (kind, plan, status, cancellation, domain); undefined when it is not theirs. */
export const ownServiceState = (db: Kysely<Database>, userId: string, serviceId: string) =>
  findOwnServiceState(db, userId, serviceId);

/** The signed-in owner's hosting service (status and server); undefined when it is not theirs or not hosting. */
export const ownHostingService = (db: Kysely<Database>, userId: string, serviceId: string) =>
  findOwnHostingService(db, userId, serviceId);
