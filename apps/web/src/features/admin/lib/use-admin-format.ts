import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatTime } from '@/lib/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n';

/** Money, dates and figures in the reader's language: "$71.88" / "71,88 $", "Mar 15, 2027" / "15 мар. 2027 г.". */
export function useAdminFormat() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return useMemo(
    () => ({
      language,
      money: (amount: number) => formatMoney(amount, language),
      date: (value: string) => formatDate(value, language),
      dateTime: (value: string) => formatDateTime(value, language),
      time: (value: string) => formatTime(value, language),
      number: (value: number) => formatNumber(value, language),
      percent: (value: number, digits = 0) => formatPercent(value, language, digits),
    }),
    [language],
  );
}
