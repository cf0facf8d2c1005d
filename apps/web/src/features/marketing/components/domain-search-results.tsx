import type { DomainCheck } from '@hostpilot/shared';
import { CircleCheck, CircleX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import type { DomainSearchState } from '../api/use-domain-search';
import { usePlanFormat } from '../lib/use-plan-format';

export interface DomainSearchResultsProps {
  state: DomainSearchState;
  onRetry: () => void;
  /** The visitor wants to register an available name. */
  onRegister: (check: DomainCheck) => void;
}

/**
 * What the domain search found (docs/product/ordering.md): the name asked for, said in words and not by colour
 * alone, then the same name under the other endings, each with its price and a Register button when free.
 * A refused name is shown by the search box itself (its field error), not here.
 */
export function DomainSearchResults({ state, onRetry, onRegister }: DomainSearchResultsProps) {
  const { t } = useTranslation('marketing');
  const { money } = usePlanFormat();
  const alternativesId = useId();
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('domainSearch.checking', { name: state.query })} />
      </div>
    );
  }
  if (state.status === 'error') {
    return <ErrorState error={state.error} onRetry={onRetry} title={t('domainSearch.failed')} />;
  }
  const { result, alternatives } = state.data;
  const price = (check: DomainCheck) =>
    t('domainSearch.pricePerYear', { price: money(check.pricePerYear.amountMinor / 100) });
  const Icon = result.available ? CircleCheck : CircleX;
  return (
    <div className="text-left">
      <div
        className={cn(
          'flex flex-col gap-4 rounded-(--radius-card) border bg-white p-5 shadow-(--shadow-card) sm:flex-row sm:items-center sm:p-6',
          result.available ? 'border-success-600' : 'border-slate-200',
        )}
      >
        <Icon
          aria-hidden="true"
          className={cn('size-8 shrink-0', result.available ? 'text-success-600' : 'text-slate-400')}
        />
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold break-words text-slate-900">
            {t(`domainSearch.result.${result.available ? 'available' : (result.reason ?? 'registered')}`, {
              name: result.displayName,
            })}
          </p>
          {result.displayName !== result.name && (
            <p className="mt-1 text-sm break-all text-slate-500">{t('domainSearch.punycode', { name: result.name })}</p>
          )}
          {result.available ? (
            <p className="mt-1 text-slate-700">{price(result)}</p>
          ) : (
            <p className="mt-1 text-slate-600">{t('domainSearch.tryOthers')}</p>
          )}
        </div>
        {result.available && (
          <Button
            className="shrink-0"
            aria-label={t('domainSearch.registerName', { name: result.displayName })}
            onClick={() => onRegister(result)}
          >
            {t('domainSearch.register')}
          </Button>
        )}
      </div>
      <h3 id={alternativesId} className="mt-8 text-base font-semibold text-slate-900">
        {t('domainSearch.alternatives')}
      </h3>
      <ul
        aria-labelledby={alternativesId}
        className="mt-3 divide-y divide-slate-200 rounded-(--radius-card) border border-slate-200 bg-white"
      >
        {alternatives.map((check) => (
          <li
            key={check.name}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_7rem_auto] sm:px-5"
          >
            <span className="font-medium break-all text-slate-900">{check.displayName}</span>
            <StatusBadge
              className="justify-self-end sm:justify-self-start"
              tone={check.available ? 'success' : 'neutral'}
              label={t(`domainSearch.status.${check.available ? 'available' : (check.reason ?? 'registered')}`)}
            />
            {check.available ? (
              <>
                <span className="text-sm text-slate-700 tabular-nums sm:text-right">{price(check)}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  className="justify-self-end"
                  aria-label={t('domainSearch.registerName', { name: check.displayName })}
                  onClick={() => onRegister(check)}
                >
                  {t('domainSearch.register')}
                </Button>
              </>
            ) : (
              <span aria-hidden="true" className="hidden sm:col-span-2 sm:block" />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
