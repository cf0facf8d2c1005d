import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n';
import { clampPercent } from '@/lib/status';
import type { UsageGb } from '../api/types';

/** Money, dates, sizes and usage figures in the reader's language. */
export function useDashboardFormat() {
  const { t, i18n } = useTranslation('dashboard');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return useMemo(() => {
    const gb = (value: number) => t('units.gb', { value: formatNumber(value, language) });
    const percent = (value: number, digits = 0) => formatPercent(value, language, digits);
    /** The share of `total` used, 0..100. */
    const usagePercent = ({ used, total }: UsageGb) => (total > 0 ? clampPercent((used / total) * 100) : 0);
    return {
      language,
      money: (amount: number) => formatMoney(amount, language),
      date: (value: string) => formatDate(value, language),
      dateTime: (value: string) => formatDateTime(value, language),
      number: (value: number) => formatNumber(value, language),
      percent,
      gb,
      usagePercent,
      /** "23.4 of 50 GB (47%)": what a usage bar shows and announces. */
      usageText: (usage: UsageGb) =>
        t('units.usage', {
          used: formatNumber(usage.used, language),
          total: gb(usage.total),
          percent: percent(usagePercent(usage)),
        }),
    };
  }, [t, language]);
}
