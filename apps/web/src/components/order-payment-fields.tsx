import { cardNumberSchema, type OrderPaymentMethod, type PayOrderRequest } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';

/**
 * How an order is paid: from the balance, by the test card (demo mode only, docs/decisions/028-dashboard-money-flows.md)
 * or by bank transfer, with the card's number when the test card is chosen. One form part for checkout and for
 * paying an unpaid order from the dashboard; each gives its own question and bank-transfer line, since checkout
 * issues the invoice while the dashboard's order has one already.
 */
export function OrderPaymentFields({
  legend,
  bankTransferHint,
  cardHint,
  method,
  onMethodChange,
  balance,
  demo,
  cardNumber,
  onCardNumberChange,
  cardError,
}: {
  legend: string;
  bankTransferHint: string;
  cardHint?: string;
  method: OrderPaymentMethod;
  onMethodChange: (method: OrderPaymentMethod) => void;
  /** The balance in words ("$12.00"), shown beside its option when known. */
  balance?: string;
  demo: boolean;
  cardNumber: string;
  onCardNumberChange: (value: string) => void;
  cardError?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RadioGroup<OrderPaymentMethod>
        legend={legend}
        name="method"
        value={method}
        onChange={onMethodChange}
        options={[
          {
            value: 'balance',
            label: t('orderPayment.methods.balance'),
            description: balance ? t('orderPayment.balanceHint', { balance }) : undefined,
          },
          ...(demo
            ? [
                {
                  value: 'test_card' as const,
                  label: t('orderPayment.methods.test_card'),
                  description: t('orderPayment.testCardHint'),
                },
              ]
            : []),
          { value: 'bank_transfer', label: t('orderPayment.methods.bank_transfer'), description: bankTransferHint },
        ]}
      />
      {method === 'test_card' && (
        <TextField
          label={t('orderPayment.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          hint={cardHint}
          error={cardError}
          value={cardNumber}
          onChange={(event) => onCardNumberChange(event.target.value)}
        />
      )}
    </>
  );
}

/** The payment request for the chosen method, or the key of what is wrong with the card's number. */
export function orderPaymentRequest(
  method: OrderPaymentMethod,
  cardNumber: string,
): { request: PayOrderRequest } | { cardError: string } {
  if (method !== 'test_card') return { request: { method } };
  const parsed = cardNumberSchema.safeParse(cardNumber);
  if (!parsed.success) return { cardError: parsed.error.issues[0]?.message ?? 'validation.required' };
  return { request: { method, cardNumber } };
}
