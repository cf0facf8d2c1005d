import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The end of a payment dialog (Renew, Manage): a link to the invoice the payment made, when it made one, and Done.
 * Following the link closes the dialog.
 */
export function DoneWithInvoice({
  invoice,
  onClose,
}: {
  invoice: { id: string; number: string } | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      {invoice && (
        <p className="mt-4 text-sm">
          <Link
            to={`/dashboard/finance/invoices/${encodeURIComponent(invoice.id)}`}
            className="font-semibold text-brand-700 underline hover:text-brand-800"
            onClick={onClose}
          >
            {t('money.viewInvoice', { number: invoice.number })}
          </Link>
        </p>
      )}
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>{t('money.done')}</Button>
      </div>
    </>
  );
}
