import { findServicePlan, type LedgerEntryType, type MessageParams } from '@hostpilot/shared';
import type { DomainRow, ServiceRow } from '../../db/schema';

/** What a renewal renews. */
export type RenewalEntity = { type: 'service'; row: ServiceRow } | { type: 'domain'; row: DomainRow };

/** The words of a renewal's ledger entry and line: `transactions.hostingRenewal` names the domain and the plan. */
export interface RenewalWords {
  ledgerType: Extract<LedgerEntryType, 'hosting_renewal' | 'service_renewal' | 'domain_renewal'>;
  /** The key under `transactions.` (the ledger) and `invoiceLines.` (the invoice). */
  key: 'hostingRenewal' | 'serviceRenewal' | 'domainRenewal';
  params: MessageParams;
}

export function renewalWords(entity: RenewalEntity, months: number): RenewalWords {
  if (entity.type === 'domain') {
    return {
      ledgerType: 'domain_renewal',
      key: 'domainRenewal',
      params: { domain: entity.row.name, years: months / 12 },
    };
  }
  const service = entity.row;
  const hosting = service.kind === 'hosting';
  // A downgrade waiting for the renewal is what the renewal pays for (docs/decisions/037-plan-changes.md).
  const plan = findServicePlan(service.kind, service.pendingPlanId ?? service.planId);
  return {
    ledgerType: hosting ? 'hosting_renewal' : 'service_renewal',
    key: hosting ? 'hostingRenewal' : 'serviceRenewal',
    params: { name: service.name, plan: plan?.name ?? service.planId, domain: service.domain ?? '', months },
  };
}
