import { LEDGER_ENTRY_TYPES, PAYMENT_STATUSES } from '@hostpilot/shared';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import type { TransactionFilters } from '../api/keys';
import { useStatusLabel } from './status-label';

export interface TransactionFilterBarProps {
  value: TransactionFilters;
  onChange: (next: TransactionFilters) => void;
}

/** True when any filter is set. */
export const hasFilters = (filters: TransactionFilters) => Object.values(filters).some(Boolean);

/**
 * The transactions' filters (docs/product/screens.md, Finance): type, status and a period of days, applied as
 * they change. A period whose end comes before its start is not asked for; the To field says why.
 */
export function TransactionFilterBar({ value, onChange }: TransactionFilterBarProps) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const statusLabel = useStatusLabel();
  const set = (field: keyof TransactionFilters, text: string) => onChange({ ...value, [field]: text || undefined });
  return (
    <fieldset className="mb-4 grid grid-cols-2 gap-3 rounded-(--radius-card) border border-slate-200 bg-white p-4 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <legend className="sr-only">{t('finance.filters.title')}</legend>
      <Field label={t('finance.filters.type')}>
        {(control) => (
          <select
            {...control}
            className={inputClasses()}
            value={value.type ?? ''}
            onChange={(e) => set('type', e.target.value)}
          >
            <option value="">{t('finance.filters.all')}</option>
            {LEDGER_ENTRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`documents.entryTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('finance.filters.status')}>
        {(control) => (
          <select
            {...control}
            className={inputClasses()}
            value={value.status ?? ''}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="">{t('finance.filters.all')}</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('finance.filters.from')}>
        {(control) => (
          <input
            {...control}
            type="date"
            className={inputClasses()}
            value={value.from ?? ''}
            onChange={(e) => set('from', e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('finance.filters.to')}
        error={value.from && value.to && value.to < value.from ? tc('validation.dateRange') : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            className={inputClasses()}
            value={value.to ?? ''}
            onChange={(e) => set('to', e.target.value)}
          />
        )}
      </Field>
      <Button
        variant="ghost"
        className="col-span-2 lg:col-span-1"
        disabled={!hasFilters(value)}
        onClick={() => onChange({})}
      >
        <X aria-hidden="true" className="size-4" />
        {t('finance.filters.clear')}
      </Button>
    </fieldset>
  );
}

/** The filters the API is asked with: none of a period that ends before it starts. */
export function appliedFilters(filters: TransactionFilters): TransactionFilters | null {
  if (filters.from && filters.to && filters.to < filters.from) return null;
  return filters;
}
