/**
 * What other modules may use of the billing module (docs/decisions/056-module-shape.md, "Addendum (2026-11-27)"):
 * lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { readBankAccount } from './billing-settings';
export { invoiceCounterKey, takeNumbers, TICKET_COUNTER, TICKET_NUMBER_BASE } from './counters';
export { billingNamesDomain } from './domain-references';
export {
  appendLedgerEntry,
  balanceOf,
  createInvoice,
  INVOICE_DUE_DAYS,
  type InvoiceLineInput,
  type LedgerEntryInput,
  money,
  paymentCreditText,
  toInvoice,
} from './ledger';
export { toPayment, type TransferHooks } from './payments.service';
export { payRenewalInvoice, renew, renewalStart, type RenewalTargets } from './renew';
export {
  issueRenewalInvoice,
  openRenewalInvoices,
  OVERDUE,
  renewalParams,
  renewalPeriod,
  repriceOpenRenewalInvoices,
  voidOpenRenewalInvoices,
} from './renewal-invoices';
export type { RenewalEntity } from './renewal-words';
export { type CardVault, chargeShortfallToCard, testCardVault } from './saved-card';
export { invoiceLabels, paymentLabels } from './invoice-labels';
export {
  completedPaymentsOfInvoice,
  failPendingPayments,
  invoicePaymentPending,
  invoiceStatus,
  refundPaymentInFull,
  setInvoiceStatus,
} from './order-invoices';
export { invoiceWithPayments } from './order-invoices';
export { markInvoicePaid, recordPayment } from './order-invoices';
export { markRenewalShortNotified, unpaidRenewalInvoices } from './renewal-jobs';
export { invoicesAwaitingTransfer } from './renewal-jobs';
export { periodsAlreadyInvoiced } from './renewal-jobs';
