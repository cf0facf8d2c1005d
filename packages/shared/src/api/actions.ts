import { type BillingPeriod, PAYMENT_METHODS } from '../model';
import { TLDS, toCents } from '../catalog';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { PAYMENT_STATUSES } from '../states/payment';
import { invoiceSchema, moneySchema } from './customer';

/**
 * The customer's self-service actions that move money (docs/product/api.md): top-ups and renewals. Each such
 * request carries an `Idempotency-Key` header; the same key with the same request answers the first answer
 * again and moves nothing twice, the same key with another request is refused (409 IDEMPOTENCY_KEY_REUSED).
 */

const msg = (key: ValidationMessageKey) => ({ error: key });
const timestamp = z.iso.datetime();

/** The header every money-moving request carries: 8 to 100 visible ASCII characters (a UUID will do). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string(msg('validation.idempotencyKey'))
    .regex(/^[\x21-\x7e]{8,100}$/, msg('validation.idempotencyKey'))
    .describe('A key unique to this action, e.g. a UUID; the same key answers the first answer again'),
});

// ---------------------------------------------------------------------------------------------------------
// Add funds

/** The smallest and largest top-up, in cents ($5.00 and $10,000.00). */
export const TOP_UP_MIN_MINOR = 500;
export const TOP_UP_MAX_MINOR = 1_000_000;

/** How a customer adds funds: a bank transfer (approved by staff), or the test card while demo mode is on. */
export const TOP_UP_METHODS = ['bank_transfer', 'test_card'] as const;
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];

/** The test card's number that is always declined, as common test gateways do; any other valid number succeeds. */
export const TEST_CARD_DECLINED_NUMBER = '4000000000000002';

/**
 * An amount in major units with at most two decimals, given as text ("12.50") or a number (12.5), as integer
 * cents. Negative, zero, three decimals, or outside the bounds are refused by field.
 */
export function amountInMinorUnits(min: number, max: number) {
  return z
    .union([z.string(), z.number()], msg('validation.amountFormat'))
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, msg('validation.amountFormat')))
    .transform((text) => {
      const [whole, fraction = ''] = text.split('.');
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    })
    .pipe(z.number().int().min(min, msg('validation.amountMin')).max(max, msg('validation.amountMax')));
}

/** A top-up's amount: $5.00 to $10,000.00, as cents. */
export const amountMinorSchema = amountInMinorUnits(TOP_UP_MIN_MINOR, TOP_UP_MAX_MINOR);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number: 13 to 19 digits with optional spaces or dashes, passing the Luhn check; answered as digits. */
export const cardNumberSchema = z
  .string(msg('validation.cardNumber'))
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{13,19}$/, msg('validation.cardNumber'))
      .refine(luhn, msg('validation.cardNumber')),
  );

export const topUpRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('bank_transfer'), amount: amountMinorSchema }),
    z.object({ method: z.literal('test_card'), amount: amountMinorSchema, cardNumber: cardNumberSchema }),
  ],
  msg('validation.paymentMethod'),
);
export type TopUpRequest = z.input<typeof topUpRequestSchema>;

/** The bank account a transfer goes to (from the settings), with the reference the customer must quote. */
export const bankTransferDetailsSchema = z.object({
  beneficiary: z.string(),
  bankName: z.string(),
  iban: z.string(),
  swift: z.string(),
  reference: z.string().describe('The pro-forma invoice number, to quote on the transfer'),
});
export type BankTransferDetails = z.infer<typeof bankTransferDetailsSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: moneySchema,
  declineReason: z.string().nullable().describe('card_declined, or the reason staff gave'),
  invoiceId: z.string().nullable(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const topUpResponseSchema = z.object({
  payment: paymentSchema,
  balance: moneySchema,
  invoice: invoiceSchema.nullable().describe('The pro-forma invoice of a bank transfer'),
  bankTransfer: bankTransferDetailsSchema.nullable().describe('Where to send a bank transfer'),
});
export type TopUpResponse = z.infer<typeof topUpResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Renewals

/** Periods a service can be renewed for, in months: plans billed monthly, and plans billed yearly. */
export const MONTHLY_RENEWAL_MONTHS = [1, 3, 6, 12] as const;
export const YEARLY_RENEWAL_MONTHS = [12, 24, 36] as const;
/** Periods a domain can be renewed for, in years. */
export const DOMAIN_RENEWAL_YEARS = [1, 2, 3, 5, 10] as const;

/** The periods, in months, a plan billed by `period` can be renewed for. */
export function renewalMonthsOf(period: BillingPeriod): readonly number[] {
  return period === 'year' ? YEARLY_RENEWAL_MONTHS : MONTHLY_RENEWAL_MONTHS;
}

/**
 * What renewing a plan for `months` costs, in cents, at its catalogue price (`price` in dollars per `period`):
 * the API charges it and the dashboard shows it before the customer pays.
 */
export function renewalCents(plan: { price: number; period: BillingPeriod }, months: number): number {
  return toCents(plan.price) * (plan.period === 'year' ? months / 12 : months);
}

/** The price of a domain's year under its ending (`.com`), in cents; undefined when the catalogue does not sell it. */
export function domainYearCents(tld: string): number | undefined {
  const price = TLDS.find((t) => t.tld === tld)?.priceFrom;
  return price === undefined ? undefined : toCents(price);
}

const oneOf = <const T extends readonly number[]>(values: T, key: ValidationMessageKey) =>
  z.number(msg(key)).refine((value) => (values as readonly number[]).includes(value), msg(key));

/** A service renewal: months, one of the periods its plan allows (checked against the plan by the API). */
export const serviceRenewalRequestSchema = z.object({
  months: oneOf([...new Set([...MONTHLY_RENEWAL_MONTHS, ...YEARLY_RENEWAL_MONTHS])], 'validation.period'),
});
export type ServiceRenewalRequest = z.input<typeof serviceRenewalRequestSchema>;

export const domainRenewalRequestSchema = z.object({ years: oneOf(DOMAIN_RENEWAL_YEARS, 'validation.period') });
export type DomainRenewalRequest = z.input<typeof domainRenewalRequestSchema>;

export const renewalResponseSchema = z.object({
  invoice: invoiceSchema.describe('The paid invoice of the renewal'),
  balance: moneySchema.describe('The balance after the charge'),
  expiresAt: timestamp.describe('The new expiry'),
});
export type RenewalResponse = z.infer<typeof renewalResponseSchema>;
