import type { Language } from '@/lib/languages';

/**
 * Formats of the charts (docs/decisions/054-charts-and-the-look-of-a-brand.md), kept beside them rather than in
 * lib/format.ts so that the public pages' first scripts do not carry them. Each formatter is built once.
 */
const LOCALES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    format = build();
    formatters.set(key, format);
  }
  return format;
}

/**
 * A day or a month of a chart (docs/decisions/054-charts-and-the-look-of-a-brand.md), from the API's "2030-05-20" or
 * "2030-05": short for a tick ("May 20", "20 мая"; "May", "май"), long for the legend and the table
 * ("May 20, 2030", "20 мая 2030 г."; "May 2030", "май 2030 г.").
 */
export function formatPeriod(value: string, language: Language, length: 'tick' | 'full'): string {
  const month = /^\d{4}-\d{2}$/.test(value);
  const [year, monthIndex, day] = value.split('-').map(Number);
  const date = new Date(year!, monthIndex! - 1, month ? 1 : day!);
  const options: Intl.DateTimeFormatOptions = month
    ? length === 'tick'
      ? { month: 'short' }
      : { month: 'long', year: 'numeric' }
    : length === 'tick'
      ? { month: 'short', day: 'numeric' }
      : { dateStyle: 'medium' };
  const text = cached(
    `period-${month ? 'm' : 'd'}-${length}:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], options),
  ).format(date);
  // A month named alone starts with a capital, as a heading would ("Май 2030 г.").
  return month ? text.charAt(0).toLocaleUpperCase(LOCALES[language]) + text.slice(1) : text;
}

/** A compact figure for an axis: "1.2K", "1,2 тыс."; money as "$1.2K", "1,2 тыс. $". */
export function formatCompact(value: number, language: Language, currency?: string): string {
  return cached(
    `compact-${currency ?? ''}:${language}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        notation: 'compact',
        maximumFractionDigits: 1,
        ...(currency ? { style: 'currency', currency } : {}),
      }),
  ).format(value);
}

/** The points of a chart of days or months: the short name its tick shows and the full one its legend and table say. */
export function periodPoints(periods: string[], language: Language): { tick: string; label: string }[] {
  return periods.map((period) => ({
    tick: formatPeriod(period, language, 'tick'),
    label: formatPeriod(period, language, 'full'),
  }));
}
