import type { GettingStarted } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dismissGettingStartedOf } from '../accounts';
import { DEFAULT_NAMESERVERS } from '../provisioning';
import { gettingStartedFacts } from './dashboard.repository';

/** Whether a domain's name servers are the provider's, so that its DNS (and the site) is served here. */
function usesOurNameservers(json: string): boolean {
  try {
    const listed: unknown = JSON.parse(json);
    return (
      Array.isArray(listed) &&
      listed.some((name) => typeof name === 'string' && DEFAULT_NAMESERVERS.includes(name.toLowerCase()))
    );
  } catch {
    return false;
  }
}

/**
 * The first-run checklist read from the account as it is now: an e-mail verified, something owned (an order paid:
 * a service or a domain), a domain on the provider's name servers, files on a hosting service.
 */
export async function readGettingStarted(db: Kysely<Database>, userId: string): Promise<GettingStarted> {
  const [user, owned, domains, uploaded] = await gettingStartedFacts(db, userId);
  return {
    steps: {
      verifyEmail: user?.emailVerifiedAt != null,
      firstOrder: owned.length > 0,
      pointDomain: domains.some((row) => usesOurNameservers(row.nameservers)),
      uploadSite: uploaded !== undefined,
    },
    dismissed: user?.gettingStartedDismissedAt != null,
  };
}

/**
 * Puts the checklist away for good (the account's choice, kept on the server so every device agrees; the accounts
 * module writes it) and answers the checklist as it now reads.
 */
export async function dismissGettingStarted(
  db: Kysely<Database>,
  userId: string,
  now: number,
): Promise<GettingStarted> {
  await dismissGettingStartedOf(db, userId, now);
  return readGettingStarted(db, userId);
}
