import type { ActivityAction, DomainState } from '@hostpilot/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Database, DomainRow, DomainsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { enqueueProvisioning } from '../provisioning';
import { dnsRecordCount, touchDomainForEdit, updateDomainSettings } from './domain-edits.repository';

/**
 * What a customer's actions on their own domains share (docs/product/validation.md): auto-renew
 * (`domain-auto-renew.ts`), transfer lock (`domain-transfer-lock.ts`), nameservers (`domain-nameservers.ts`) and
 * the DNS records editor (`dns-records.ts`, `dns-import.ts`). Each write runs in one transaction that first touches
 * the domain's row (its `updated_at`), which locks it, so two edits of one zone cannot both pass the CNAME rule;
 * another account's domain or record answers 404.
 */

/** What a domain edit needs. */
export interface DomainActionDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * Who edits a domain: its owner (only their own domains), or staff with `domains.write` (any owner's domain;
 * each change also writes an audit entry with the values before and after, docs/decisions/033-hosting-and-domain-administration.md).
 */
export type DomainEditor = { kind: 'customer'; userId: string } | { kind: 'staff'; userId: string; ip: string | null };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function toDomainState(trx: Kysely<Database>, row: DomainRow): Promise<DomainState> {
  return {
    id: row.id,
    status: row.status,
    autoRenew: row.autoRenew === 1,
    transferLock: row.transferLock === 1,
    nameservers: JSON.parse(row.nameservers) as string[],
    expiresAt: iso(row.expiresAt)!,
    dnsRecordCount: await dnsRecordCount(trx, row.id),
    dnsUpdatedAt: iso(row.dnsUpdatedAt),
  };
}

/** The journal of the domain owner's account, written by the editor (with the client address for staff). */
export const journalOf = (trx: Kysely<Database>, editor: DomainEditor, domain: DomainRow, now: number) =>
  journal(trx, domain.userId, editor.userId, now, editor.kind === 'staff' ? editor.ip : null);

/**
 * Runs `work` in one transaction on the domain the editor may change (not a deleted one; 404 otherwise), its row
 * locked first. A DNS change is published through the outbox in this same transaction
 * (docs/decisions/042-provisioning-engine.md).
 */
export async function changeDomain<T>(
  { db, clock }: DomainActionDeps,
  editor: DomainEditor,
  id: string,
  dnsChange: boolean,
  work: (trx: Kysely<Database>, domain: DomainRow, now: number) => Promise<T>,
): Promise<T> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const domain = await touchDomainForEdit(trx, id, editor.kind === 'customer' ? editor.userId : null, now, dnsChange);
    if (!domain) throw new AppError('NOT_FOUND');
    if (dnsChange) await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: id, operation: 'update', now });
    return work(trx, domain, now);
  });
}

/** One setting of the owner's domain changed, and the account's activity records it, in the same transaction. */
export function changeDomainSetting(
  deps: DomainActionDeps,
  change: {
    userId: string;
    id: string;
    values: Updateable<DomainsTable>;
    action: ActivityAction;
    params: (domain: DomainRow) => Record<string, string>;
    check?: (domain: DomainRow) => void;
  },
): Promise<DomainState> {
  const { userId, id } = change;
  return changeDomain(deps, { kind: 'customer', userId }, id, false, async (trx, domain, now) => {
    change.check?.(domain);
    const row = await updateDomainSettings(trx, id, change.values);
    await journal(trx, userId, userId, now).activity({
      action: change.action,
      subjectType: 'domain',
      subjectId: id,
      params: change.params(domain),
    });
    return toDomainState(trx, row);
  });
}
