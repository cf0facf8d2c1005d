import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatMinorMoney,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatTime,
  type Moment,
} from '@/lib/format';
import type { Money } from '../api/types';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n';

/** Money, dates and figures in the reader's language: "$71.88" / "71,88 $", "Mar 15, 2027" / "15 мар. 2027 г.". */
export function useAdminFormat() {
  const { t, i18n } = useTranslation('admin');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return useMemo(
    () => ({
      language,
      money: (value: Money) => formatMinorMoney(value.amountMinor, value.currency, language),
      date: (value: Moment) => formatDate(value, language),
      dateTime: (value: Moment) => formatDateTime(value, language),
      time: (value: Moment) => formatTime(value, language),
      /** "2 hours ago", computed now from the timestamp. */
      relative: (value: Moment) => formatRelativeTime(value, language),
      number: (value: number) => formatNumber(value, language),
      percent: (value: number, digits = 0) => formatPercent(value, language, digits),
      /** Gigabytes, or terabytes from 1024 GB on: "512 GB", "2 TB". */
      gb: (value: number) =>
        value >= 1024
          ? t('units.tb', { value: formatNumber(Math.round((value / 1024) * 10) / 10, language) })
          : t('units.gb', { value: formatNumber(value, language) }),
    }),
    [t, language],
  );
}
