import type { Money } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../api/use-dashboard-data';
import { useDashboardFormat } from '../../lib/use-dashboard-format';

/**
 * What a payment dialog will take beside the balance it is paid from (Renew, Manage). The amount is announced
 * when the customer's choice changes it.
 */
export function AmountAndBalance({ label, amount }: { label: string; amount: Money }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const balance = useBalance();
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <div>
        <dt className="text-slate-500">{label}</dt>
        <dd className="text-lg font-semibold text-slate-900 tabular-nums" aria-live="polite">
          {format.money(amount)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('money.renew.balance')}</dt>
        <dd className="text-lg font-semibold text-slate-900 tabular-nums">
          {balance.data ? format.money(balance.data) : '…'}
        </dd>
      </div>
    </dl>
  );
}
