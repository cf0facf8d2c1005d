import type { Language } from './i18n';

const LOCALES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Dollars with two decimals, in the reader's conventions: "$9.99" or "9,99 $". */
export function formatMoney(amount: number, language: Language): string {
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(language, format);
  }
  return format.format(amount);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a date; a bare calendar date ("2027-03-15") is that day in the reader's time zone, not midnight UTC
 * (which would show as the day before west of Greenwich).
 */
function toDate(value: string | Date): Date {
  if (typeof value !== 'string') return value;
  const parts = DATE_ONLY.exec(value);
  if (parts) return new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return new Date(value);
}

/** A calendar date in the reader's language, e.g. "Mar 15, 2027" or "15 мар. 2027 г.". */
export function formatDate(value: string | Date, language: Language, style: 'medium' | 'long' = 'medium'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: style }).format(date);
}

/** Date and time, e.g. "Mar 15, 2027, 2:30 PM". */
export function formatDateTime(value: string | Date, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The time of day, e.g. "2:30 PM" or "14:30". */
export function formatTime(value: string | Date, language: Language): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(LOCALES[language], { timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(value);
}

/** A percentage of 0 to 100: "45%", "45 %"; `fractionDigits` keeps claims like 99.9% exact. */
export function formatPercent(value: number, language: Language, fractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: fractionDigits }).format(
    value / 100,
  );
}
