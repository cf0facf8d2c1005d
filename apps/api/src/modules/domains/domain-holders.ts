import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findOwnDomainNamed, ownersOfDomainsNamed } from './domains.repository';

/**
 * Who holds a domain name registered with us, for the services module's addon domains
 * (docs/decisions/069-addon-domains.md): a registered name, or a parent of it, is its holder's alone, and a zone of
 * ours is published again when a site starts or stops serving its name. Each reads in the caller's transaction.
 */

/** The accounts holding a domain (not deleted) named one of `names`, one entry per domain. */
export async function holdersOfDomainsNamed(trx: Kysely<Database>, names: string[]): Promise<string[]> {
  return (await ownersOfDomainsNamed(trx, names)).map((domain) => domain.userId);
}

/** The id of the owner's domain (not deleted) named `name`, or null. */
export async function ownDomainIdNamed(trx: Kysely<Database>, userId: string, name: string): Promise<string | null> {
  return (await findOwnDomainNamed(trx, userId, name))?.id ?? null;
}
