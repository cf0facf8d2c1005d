import type { Kysely } from 'kysely';
import type { Database, DomainRow } from '../../db/schema';
import { enqueueProvisioning } from '../provisioning';
import { ownLiveDomainRow, setDomainRenewed } from './domain-renewal.repository';

/**
 * What a renewal does to the domain itself (docs/decisions/056-module-shape.md, "Renewal written once"): billing's
 * renew() charges the ledger and decides the new expiry, then calls these, in its transaction, after lockAccount.
 */

/** The customer's domain as a renewal reads it (under the account's lock), or undefined when it is not theirs. */
export const ownDomainForRenewal = (trx: Kysely<Database>, userId: string, domainId: string) =>
  ownLiveDomainRow(trx, userId, domainId);

/**
 * Writes the renewed domain's new expiry: it is active again, and a lapsed domain's zone answers again
 * (docs/decisions/042-provisioning-engine.md).
 */
export async function extendDomain(
  trx: Kysely<Database>,
  domain: Pick<DomainRow, 'id' | 'status'>,
  change: { expiresAt: number; now: number },
): Promise<void> {
  await setDomainRenewed(trx, domain.id, change);
  if (domain.status === 'expired') {
    await enqueueProvisioning(trx, {
      resourceType: 'domain',
      resourceId: domain.id,
      operation: 'update',
      now: change.now,
    });
  }
}

/** The domains module's part of a renewal, as billing's renew() takes it (its `RenewalTargets['domain']`). */
export const domainRenewalTarget = { extend: extendDomain };
