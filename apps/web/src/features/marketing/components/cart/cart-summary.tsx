import type { Money } from '@hostpilot/shared';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ButtonLink } from '@/components/ui/button-link';
import type { CartLine } from '@/lib/cart-store';
import { formatMinorMoney } from '@/lib/format';
import type { QuoteState } from '../../api/use-quote';
import { usePlanFormat } from '../../lib/use-plan-format';
import { lineDetails, lineName } from './cart-line-text';

export interface CartSummaryProps {
  lines: readonly CartLine[];
  quote: QuoteState;
  onRetry: () => void;
  /** Buttons of each line (Change, Remove on the cart page); none at checkout. */
  lineActions?: (line: CartLine) => ReactNode;
}

/**
 * The cart's lines with their choices and the server's price for each, then the total (docs/product/ordering.md).
 * A line the server refuses says why, on the line.
 */
export function CartSummary({ lines, quote, onRetry, lineActions }: CartSummaryProps) {
  const { t } = useTranslation('ordering');
  const { t: tm } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { language } = usePlanFormat();
  const headingId = useId();
  const money = (value: Money) => formatMinorMoney(value.amountMinor, value.currency, language);
  const priced = quote.status === 'ready' ? quote.lines : null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('cart.linesHeading')}
      </h2>
      {quote.status === 'error' && <ErrorState error={quote.error} onRetry={onRetry} title={t('cart.quoteFailed')} />}
      <ul className="divide-y divide-slate-200 rounded-(--radius-card) border border-slate-200 bg-white">
        {lines.map((line, index) => {
          const answer = priced?.[index];
          return (
            <li key={line.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:gap-6 sm:p-5">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-all text-slate-900">{lineName(line)}</p>
                <p className="mt-1 text-sm text-slate-600">{lineDetails(line, tm).join(' · ')}</p>
                {answer?.discount && answer.freeDomainWith && answer.unitPrice && (
                  <p className="mt-1 text-sm font-medium text-success-700">
                    {t('cart.freeDomainYear', { plan: answer.freeDomainWith, price: money(answer.unitPrice) })}
                  </p>
                )}
                {answer?.errorKey && (
                  <p className="mt-2 text-sm font-medium text-danger-700" role="alert">
                    {tc(answer.errorKey)}
                  </p>
                )}
              </div>
              <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
                <div className="font-semibold text-slate-900 tabular-nums">
                  {quote.status === 'loading' ? (
                    <Skeleton className="h-5 w-20" />
                  ) : answer?.price ? (
                    <>
                      {answer.discount && answer.periodPrice && (
                        <s className="mr-2 text-sm font-normal text-slate-500">
                          <span className="sr-only">{t('cart.priceBefore')} </span>
                          {money(answer.periodPrice)}
                        </s>
                      )}
                      {money(answer.price)}
                    </>
                  ) : (
                    '—'
                  )}
                </div>
                {lineActions && <div className="flex gap-2">{lineActions(line)}</div>}
              </div>
            </li>
          );
        })}
      </ul>
      <div
        className="mt-4 flex items-baseline justify-between gap-4 rounded-(--radius-card) bg-slate-50 px-4 py-3 sm:px-5"
        aria-live="polite"
        aria-busy={quote.status === 'loading'}
      >
        <span className="font-semibold text-slate-900">{t('cart.total')}</span>
        <span className="text-xl font-bold text-slate-900 tabular-nums">
          {quote.status === 'ready' ? money(quote.total) : quote.status === 'loading' ? t('cart.pricing') : '—'}
        </span>
      </div>
    </section>
  );
}

/** What the cart and checkout show with nothing in the cart: where to find something. */
export function EmptyCart() {
  const { t } = useTranslation('ordering');
  return (
    <EmptyState
      icon={ShoppingCart}
      title={t('cart.emptyTitle')}
      description={t('cart.emptyText')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <ButtonLink to="/hosting">{t('cart.browseHosting')}</ButtonLink>
          <ButtonLink to="/domains" variant="secondary">
            {t('cart.findDomain')}
          </ButtonLink>
        </div>
      }
    />
  );
}
