import { Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { accountErrorKey } from '@/lib/account-errors';
import { cn } from '@/lib/cn';
import { useWithdrawCancellation } from '../../api/use-money-actions';
import type { Moment } from '../../api/types';
import { useDashboardFormat } from '../../lib/use-dashboard-format';

/**
 * A cancellation at the end of the period that has not taken effect: when it will, and Keep the service, which
 * withdraws it.
 */
export function PendingCancellation({
  service,
  className,
}: {
  service: { id: string; name: string; expiresAt: Moment };
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const withdraw = useWithdrawCancellation();
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning-600/25 bg-warning-50 p-3 text-sm',
        className,
      )}
    >
      <p className="min-w-0 text-warning-800">{t('money.cancel.pending', { date: format.date(service.expiresAt) })}</p>
      <Button
        variant="secondary"
        size="sm"
        disabled={withdraw.isPending}
        aria-busy={withdraw.isPending}
        onClick={() => withdraw.mutate(service.id)}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {withdraw.isPending ? t('money.cancel.withdrawing') : t('money.cancel.withdraw')}{' '}
        <span className="sr-only">{service.name}</span>
      </Button>
      {withdraw.isError && (
        <p role="alert" className="w-full text-danger-700">
          {t('money.cancel.withdrawFailed')} {tc(accountErrorKey(withdraw.error))}
        </p>
      )}
    </div>
  );
}
