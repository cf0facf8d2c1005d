import { describe, expect, it } from 'vitest';
import { cardBrandOf, cardExpired, savePaymentMethodRequestSchema } from './payment-method';

describe('saved card rules', () => {
  it('names the brand by the first digits', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('other');
  });

  it('keeps a card valid through the last day of its expiry month (UTC)', () => {
    expect(cardExpired(12, 2028, Date.UTC(2028, 11, 31, 23, 59))).toBe(false);
    expect(cardExpired(12, 2028, Date.UTC(2029, 0, 1))).toBe(true);
    expect(cardExpired(1, 2029, Date.UTC(2028, 11, 31))).toBe(false);
  });

  it('parses the form as the API does: digits only, numbers from text, a trimmed holder', () => {
    expect(
      savePaymentMethodRequestSchema.parse({
        cardNumber: '4242 4242-4242 4242',
        expMonth: '07',
        expYear: '2030',
        holder: '  Ada Lovelace ',
      }),
    ).toEqual({ cardNumber: '4242424242424242', expMonth: 7, expYear: 2030, holder: 'Ada Lovelace' });
  });

  it.each([
    [{ cardNumber: '4242424242424241' }, 'cardNumber', 'validation.cardNumber'],
    [{ expMonth: 0 }, 'expMonth', 'validation.cardExpMonth'],
    [{ expMonth: '1.5' }, 'expMonth', 'validation.cardExpMonth'],
    [{ expYear: '28' }, 'expYear', 'validation.cardExpYear'],
    [{ holder: 'A' }, 'holder', 'validation.cardHolder'],
    [{ holder: 'A'.repeat(101) }, 'holder', 'validation.cardHolder'],
  ])('refuses %o on its field', (change, field, code) => {
    const parsed = savePaymentMethodRequestSchema.safeParse({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      holder: 'Ada Lovelace',
      ...change,
    });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(code);
  });

  it('refuses a CVC or any other field: none is ever taken', () => {
    const parsed = savePaymentMethodRequestSchema.safeParse({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      holder: 'Ada Lovelace',
      cvc: '123',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['cvc'] });
  });
});
