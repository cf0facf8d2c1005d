import { DEMO_CUSTOMER } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createUsersRepository } from './users.repository';

/**
 * The demo customer's account id, for `npm start`'s own demo services (the web node of
 * modules/provisioning/demo-web-node.ts, the certificate authority of modules/certificates/demo-ca.ts), which make
 * that customer's sites and certificates only: undefined when the demo is not seeded. The accounts module's
 * answer, as another module may not query `users` (docs/decisions/056-module-shape.md).
 */
export async function demoCustomerId(db: Kysely<Database>): Promise<string | undefined> {
  return (await createUsersRepository(db).findByEmail(DEMO_CUSTOMER.email))?.id;
}
