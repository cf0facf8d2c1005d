import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { usePlanFormat } from '../lib/use-plan-format';

export interface PriceTagProps {
  amount: number;
  period: 'month' | 'year';
  /** "from $9.99/yr": the lowest price of a range. */
  from?: boolean;
  size?: 'md' | 'lg';
  className?: string;
}

/** A price in dollars with its period; a screen reader hears "per month" rather than "slash mo". */
export function PriceTag({ amount, period, from = false, size = 'lg', className }: PriceTagProps) {
  const { t } = useTranslation('marketing');
  const { money } = usePlanFormat();
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-1', className)}>
      {from && <span className="text-sm text-slate-500">{t('price.from')}</span>}
      <span
        className={cn(
          'font-bold tracking-tight whitespace-nowrap text-slate-900',
          size === 'lg' ? 'text-4xl' : 'text-xl',
        )}
      >
        {money(amount)}
      </span>
      <span aria-hidden="true" className="text-sm font-medium text-slate-500">
        {t(period === 'month' ? 'price.perMonthShort' : 'price.perYearShort')}
      </span>
      <span className="sr-only">{t(period === 'month' ? 'price.perMonth' : 'price.perYear')}</span>
    </p>
  );
}
