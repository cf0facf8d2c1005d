import type { BankTransferDetails, Money } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useDashboardFormat } from '../../lib/use-dashboard-format';

/** Where to send a bank transfer and the reference to quote (the settings' bank account), as a list of terms. */
export function PaymentDetails({
  details,
  amount,
  className,
}: {
  details: BankTransferDetails;
  amount?: Money;
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const rows: [string, string][] = [
    ...(amount ? [[t('documents.invoice.amount'), format.money(amount)] as [string, string]] : []),
    [t('documents.invoice.beneficiary'), details.beneficiary],
    [t('documents.invoice.bank'), details.bankName],
    [t('documents.invoice.iban'), details.iban],
    [t('documents.invoice.swift'), details.swift],
    [t('documents.invoice.reference'), details.reference],
  ];
  return (
    <div className={cn('rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm', className)}>
      <p className="font-semibold text-slate-900">{t('documents.invoice.paymentDetails')}</p>
      <p className="mt-1 text-slate-600">{t('documents.invoice.paymentInstructions')}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
