import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatMinorMoney,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  type Moment,
} from '@/lib/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n';
import { clampPercent } from '@/lib/status';
import type { Money, UsageGb } from '../api/types';

/** Money, dates, sizes and usage figures in the reader's language. */
export function useDashboardFormat() {
  const { t, i18n } = useTranslation('dashboard');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return useMemo(() => {
    const gb = (value: number) => t('units.gb', { value: formatNumber(value, language) });
    const percent = (value: number, digits = 0) => formatPercent(value, language, digits);
    /** The share of `total` used, 0..100; an unlimited total reads as 0. */
    const usagePercent = ({ used, total }: UsageGb) =>
      total !== null && total > 0 ? clampPercent((used / total) * 100) : 0;
    return {
      language,
      /** Minor units and currency, e.g. {amountMinor: 1999, currency: 'USD'} as "$19.99". */
      money: (value: Money) => formatMinorMoney(value.amountMinor, value.currency, language),
      date: (value: Moment) => formatDate(value, language),
      dateTime: (value: Moment) => formatDateTime(value, language),
      /** "2 hours ago", computed now from the timestamp. */
      relative: (value: Moment) => formatRelativeTime(value, language),
      number: (value: number) => formatNumber(value, language),
      percent,
      gb,
      /** Bytes as KB, MB or GB (binary units, one decimal): "12.5 KB", "3.1 GB". */
      size: (bytes: number) => {
        const units = [
          ['units.gb', 1024 ** 3],
          ['units.mb', 1024 ** 2],
          ['units.kb', 1024],
        ] as const;
        const [key, unit] = units.find(([, size]) => bytes >= size) ?? units[2];
        return t(key, { value: formatNumber(Math.round((bytes / unit) * 10) / 10, language) });
      },
      usagePercent,
      /** "23.4 of 50 GB (47%)", or "23.4 GB of unlimited": what a usage bar shows and announces. */
      usageText: (usage: UsageGb) =>
        usage.total === null
          ? t('units.usageUnlimited', { used: gb(usage.used) })
          : t('units.usage', {
              used: formatNumber(usage.used, language),
              total: gb(usage.total),
              percent: percent(usagePercent(usage)),
            }),
    };
  }, [t, language]);
}
