import type { DataCenterId } from './catalog';

/**
 * The value sets of the data model's columns (docs/product/entities.md), shared by the API's schema types,
 * its contracts and the web app. Statuses with transitions live in ./states.
 */

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export type ServerLocation = DataCenterId;
export const SERVER_TYPES = ['shared', 'game', 'vds', 'dedicated'] as const;
export type ServerType = (typeof SERVER_TYPES)[number];
export const SERVER_STATUSES = ['active', 'maintenance'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** Every kind of service a customer owns; `extra` covers SSL, backups, e-mail and security add-ons. */
export const SERVICE_KINDS = ['hosting', 'game', 'vds', 'dedicated', 'extra'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const PAYMENT_METHODS = ['credit_card', 'paypal', 'bank_transfer', 'balance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What a payment was for (docs/decisions/043-refunds-and-due-dates.md): money added to the balance, or an
 * invoice (an order, a renewal) paid.
 */
export const PAYMENT_PURPOSES = ['topup', 'invoice'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * Where a refund goes (decision 043): an invoice's payment back to the balance; a top-up only back to its
 * source, the card or a bank transfer out, taken from the balance.
 */
export const REFUND_DESTINATIONS = ['balance', 'card', 'bank_transfer'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** The one destination a refund of this payment may take (decision 043). */
export function refundDestinationOf(payment: { purpose: PaymentPurpose; method: PaymentMethod }): RefundDestination {
  if (payment.purpose === 'invoice') return 'balance';
  return payment.method === 'bank_transfer' ? 'bank_transfer' : 'card';
}

/** What moved money in the ledger. */
export const LEDGER_ENTRY_TYPES = [
  'topup',
  'hosting_renewal',
  'service_renewal',
  'domain_registration',
  'domain_renewal',
  'service_purchase',
  'plan_change',
  'refund',
  'adjustment',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

export const TICKET_DEPARTMENTS = ['technical', 'billing', 'sales', 'general'] as const;
export type TicketDepartment = (typeof TICKET_DEPARTMENTS)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_AUTHOR_KINDS = ['customer', 'staff'] as const;
export type TicketAuthorKind = (typeof TICKET_AUTHOR_KINDS)[number];

export const NOTIFICATION_TYPES = ['info', 'warning', 'success', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ACTIVITY_SUBJECT_TYPES = ['service', 'domain', 'payment', 'invoice', 'ticket', 'account'] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number];

export const ARTICLE_CATEGORIES = ['domains', 'hosting', 'email', 'security', 'billing', 'servers'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** The public number of a ticket: TCK-1042. */
export function ticketNumber(number: number): string {
  return `TCK-${number}`;
}

/** An invoice number: INV-2026-0142 (the sequence restarts each year, at least four digits). */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}

/**
 * The steps of the first-run checklist, in the order the dashboard shows them. Here, with the other value sets and
 * apart from the schemas, so that the dashboard home's first render does not need zod (its first code is kept small:
 * docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
export const GETTING_STARTED_STEPS = ['verifyEmail', 'firstOrder', 'pointDomain', 'uploadSite'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];
