import { Plus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { Money } from '../api/types';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { Panel } from './panel';

/** The account balance with Add Funds (home and finance pages). */
export function BalanceCard({ balance, onAddFunds }: { balance: Money; onAddFunds: () => void }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  return (
    <Panel title={t('balance.title')}>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-success-50 text-success-700">
          <Wallet aria-hidden="true" className="size-6" />
        </span>
        <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{format.money(balance)}</p>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t('balance.hint')}</p>
      <Button className="mt-4" fullWidth onClick={onAddFunds}>
        <Plus aria-hidden="true" className="size-4" />
        {t('balance.addFunds')}
      </Button>
    </Panel>
  );
}
