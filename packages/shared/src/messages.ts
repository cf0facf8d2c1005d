/**
 * Texts the API stores as a translation key with parameters (notifications, activity, transaction and invoice
 * line descriptions; docs/decisions/012-data-model.md), read in a language: the same rules for the web app and
 * for the documents the API writes (invoice PDFs, statements), so both say the same thing.
 */

/**
 * Every notification the API writes (`notifications.key`). Each has a title and a message under
 * `messages.notifications.<key>` in both languages' dashboard texts (checked by `message-keys.test.ts` in the web
 * app), so a reader never sees the generic "Account update" for a notification this version writes.
 */
export const NOTIFICATION_KEYS = [
  'welcome',
  'domainExpiring',
  'serviceExpiring',
  'paymentReceived',
  'paymentDeclined',
  'paymentRefunded',
  'paymentRefundedToSource',
  'invoiceIssued',
  'maintenance',
  'backupFailed',
  'ticketAnswered',
  'renewalInvoiceIssued',
  'renewalPaid',
  'renewalFundsShort',
  'renewalCardCharged',
  'renewalCardFailed',
  'serviceRenewed',
  'serviceCancelled',
  'servicePlanUpgraded',
  'servicePlanChanged',
  'serviceSuspendedOverdue',
  'serviceReactivated',
  'serviceTerminated',
  'serviceSuspendedByStaff',
  'serviceTerminatedByStaff',
  'serviceCreatedByStaff',
  'domainAddedByStaff',
  'domainTransferOut',
  'domainDeletedByStaff',
  'domainRenewed',
  'domainGracePeriod',
  'domainExpired',
  'ticketAutoClosed',
  'orderPlaced',
  'orderAwaitingReview',
  'orderActive',
  'orderCancelled',
  'orderCancelledByCustomer',
  'orderExpired',
  'serviceReady',
  'domainReady',
] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

/**
 * Every entry of a customer's activity record (`activity.action`), each with a text under
 * `messages.activity.<action>` in both languages' dashboard texts.
 */
export const ACTIVITY_ACTIONS = [
  'account.created',
  'account.passwordChanged',
  'account.profileUpdated',
  'payment.topUp',
  'payment.pending',
  'payment.declined',
  'payment.refund',
  'payment.refundToSource',
  'paymentMethod.saved',
  'paymentMethod.removed',
  'invoice.paid',
  'ticket.opened',
  'ticket.answered',
  'ticket.replied',
  'ticket.closed',
  'ticket.reopened',
  'ticket.autoClosed',
  'service.created',
  'service.renewed',
  'service.renewalInvoiced',
  'service.autoRenewed',
  'service.autoRenewOn',
  'service.autoRenewOff',
  'service.suspended',
  'service.terminated',
  'service.cancelRequested',
  'service.cancellationWithdrawn',
  'service.cancelled',
  'service.planUpgraded',
  'service.planDowngradeScheduled',
  'service.planDowngradeCancelled',
  'service.planChanged',
  'domain.registered',
  'domain.renewed',
  'domain.renewalInvoiced',
  'domain.autoRenewed',
  'domain.autoRenewOn',
  'domain.autoRenewOff',
  'domain.gracePeriod',
  'domain.expired',
  'domain.transferLocked',
  'domain.transferUnlocked',
  'domain.nameserversChanged',
  'dns.recordAdded',
  'dns.recordChanged',
  'dns.recordDeleted',
  'dns.zoneImported',
  'certificate.reissueRequested',
  'certificate.revokeRequested',
  'certificate.keyDownloaded',
  'order.placed',
  'order.paid',
  'order.active',
  'order.cancelled',
  'order.expired',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The parameters of a stored text (numbers, text, true/false or null). */
export type MessageParams = Record<string, string | number | boolean | null>;

export interface MessageFormatters {
  /** A day, for names that mean one (`expiresAt`). */
  date(iso: string): string;
  /** A moment, for the other names ending in `At`. */
  dateTime(iso: string): string;
  money(minor: number, currency: string): string;
}

/**
 * A stored message's parameters ready to read: times (names ending in `At`) as a date, or a date and time;
 * `amountMinor` with `currency` as `amount` ("$25.00"); null and true/false left out. With no parameter left,
 * `context` is `none`, so i18next reads the message's `_none` form when it has one: a sentence that does not
 * name what it does not know. An empty text counts as unknown.
 */
export function messageOptions(params: MessageParams, format: MessageFormatters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || typeof value === 'boolean' || value === '') continue;
    if (name.endsWith('At') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
      out[name] = name === 'expiresAt' ? format.date(value) : format.dateTime(value);
    } else {
      out[name] = value;
    }
  }
  const minor = Number(params.amountMinor);
  if (typeof params.currency === 'string' && params.amountMinor !== null && Number.isFinite(minor)) {
    out.amount = format.money(minor, params.currency);
  }
  return Object.keys(out).length === 0 ? { context: 'none' } : out;
}

/** A `{{name}}` left in a text: a parameter the stored message did not have. */
const UNFILLED = /\{\{\s*[\w.]+\s*\}\}/;

/**
 * Reads a stored message so that a reader never sees a raw `{{placeholder}}`: `read(options)` translates the
 * message with its parameters; when a parameter the text names is missing (the domain of a service that has none,
 * say), the message's `_none` form is read instead, and when that also names something unknown, `fallback()`
 * (the group's general text).
 */
export function readStoredMessage(
  read: (options: Record<string, string | number>) => string,
  options: Record<string, string | number>,
  fallback: () => string,
): string {
  const text = read(options);
  if (!UNFILLED.test(text)) return text;
  const none = read({ context: 'none' });
  return UNFILLED.test(none) ? fallback() : none;
}
