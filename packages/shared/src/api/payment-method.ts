import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { cardNumberSchema } from './actions';

/**
 * A customer's saved card for renewals (docs/decisions/038-saved-card-for-renewals.md): one per account, kept by
 * the card provider; the API keeps only its brand, last four digits, expiry, holder and the provider's token —
 * never the full number.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The brand a card number's first digits name (digits only). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'other';
}

/** Whether a card expiring at the end of `month`/`year` has expired at `now` (UTC). */
export function cardExpired(month: number, year: number, now: number): boolean {
  return Date.UTC(year, month, 1) <= now;
}

const wholeNumber = (key: ValidationMessageKey, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, msg(key))], msg(key))
    .transform(Number)
    .pipe(z.number().int(msg(key)).min(min, msg(key)).max(max, msg(key)));

/** POST /api/billing/payment-method: the card to save (whether it has expired is checked against the server's clock). */
export const savePaymentMethodRequestSchema = z.strictObject({
  cardNumber: cardNumberSchema,
  expMonth: wholeNumber('validation.cardExpMonth', 1, 12),
  expYear: wholeNumber('validation.cardExpYear', 2000, 2099),
  holder: z
    .string(msg('validation.cardHolder'))
    .trim()
    .min(2, msg('validation.cardHolder'))
    .max(100, msg('validation.cardHolder')),
});
export type SavePaymentMethodRequest = z.input<typeof savePaymentMethodRequestSchema>;

export const savedCardSchema = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string().describe('The last four digits; the full number is never kept'),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holder: z.string(),
  updatedAt: z.iso.datetime(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET, POST and DELETE /api/billing/payment-method answer the saved card, or null. */
export const paymentMethodResponseSchema = z.object({ card: savedCardSchema.nullable() });
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponseSchema>;
