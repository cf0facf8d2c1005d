import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { accountErrorKey } from '@/lib/account-errors';
import { ApiError } from '@/lib/http';

/**
 * Why a payment from the balance was refused (Renew, Manage): a short balance offers Add funds, any other
 * refusal says what the API answered.
 */
export function PaymentRefusal({
  error,
  failedTitle,
  insufficient,
  onAddFunds,
}: {
  error: unknown;
  failedTitle: string;
  /** What is missing, with the amount the customer tried to pay. */
  insufficient: string;
  onAddFunds: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  if (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS') {
    return (
      <Alert tone="error" title={t('money.renew.insufficientTitle')} className="mt-4">
        <p>{insufficient}</p>
        <Button size="sm" className="mt-3" onClick={onAddFunds}>
          {t('balance.addFunds')}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={failedTitle} className="mt-4">
      {tc(accountErrorKey(error))}
    </Alert>
  );
}
