import type { Language } from './languages';

const LOCALES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

/**
 * Building an Intl formatter loads locale data and costs far more than formatting with it (a plan page formats
 * dozens of figures while it renders), so each formatter is built once per language and options.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();

function cached<T extends Formatter>(key: string, build: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    format = build();
    formatters.set(key, format);
  }
  return format;
}

/** `key` names the options: it is built per call, so it stays a short string rather than serialised options. */
const numberFormat = (key: string, language: Language, options: Intl.NumberFormatOptions = {}) =>
  cached(`${key}:${language}`, () => new Intl.NumberFormat(LOCALES[language], options));

const dateFormat = (key: string, language: Language, options: Intl.DateTimeFormatOptions) =>
  cached(`${key}:${language}`, () => new Intl.DateTimeFormat(LOCALES[language], options));

/**
 * Builds the money formatter ahead of the first render. The browser's first number formatter loads its number
 * data, the most expensive step of rendering a plan page; done while the page's code and texts download, it
 * keeps that work out of the render.
 */
export function prepareFormats(language: Language): void {
  formatMoney(0, language);
}

/** Dollars with two decimals, in the reader's conventions: "$9.99" or "9,99 $". */
export function formatMoney(amount: number, language: Language): string {
  return numberFormat('money', language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/**
 * An amount held in minor units (cents) with its ISO currency code, in the reader's conventions: 1999 USD is
 * "$19.99" or "19,99 $". The amount is never a float until this last step.
 */
export function formatMinorMoney(minor: number, currency: string, language: Language): string {
  const code = currency.toUpperCase();
  const format = numberFormat(`money-${code}`, language, { style: 'currency', currency: code });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a date; a bare calendar date ("2027-03-15") is that day in the reader's time zone, not midnight UTC
 * (which would show as the day before west of Greenwich).
 */
/** A moment as the API sends it: an ISO string, epoch milliseconds, or a Date. */
export type Moment = string | number | Date;

function toDate(value: Moment): Date {
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return value;
  const parts = DATE_ONLY.exec(value);
  if (parts) return new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return new Date(value);
}

/** A calendar date in the reader's language, e.g. "Mar 15, 2027" or "15 мар. 2027 г.". */
export function formatDate(value: Moment, language: Language, style: 'medium' | 'long' = 'medium'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(`date-${style}`, language, { dateStyle: style }).format(date);
}

/** Date and time, e.g. "Mar 15, 2027, 2:30 PM". */
export function formatDateTime(value: Moment, language: Language): string {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat('date-time', language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The time of day, e.g. "2:30 PM" or "14:30". */
export function formatTime(value: Moment, language: Language): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat('time', language, { timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat('number', language).format(value);
}

/** A percentage of 0 to 100: "45%", "45 %"; `fractionDigits` keeps claims like 99.9% exact. */
export function formatPercent(value: number, language: Language, fractionDigits = 0): string {
  return numberFormat(`percent-${fractionDigits}`, language, {
    style: 'percent',
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (or how far ahead) a moment is, in the reader's language: "2 hours ago", "2 часа назад",
 * "yesterday", "in 3 days". Computed from the timestamp and `now`, never stored as text. Beyond 30 days it is
 * the calendar date.
 */
export function formatRelativeTime(value: Moment, language: Language, now: number = Date.now()): string {
  const date = toDate(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return String(value);
  const diff = time - now;
  const distance = Math.abs(diff);
  if (distance >= 30 * DAY) return formatDate(date, language);
  const format = cached(
    `relative:${language}`,
    () => new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' }),
  );
  if (distance < MINUTE) return format.format(0, 'second');
  if (distance < HOUR) return format.format(Math.trunc(diff / MINUTE), 'minute');
  if (distance < DAY) return format.format(Math.trunc(diff / HOUR), 'hour');
  return format.format(Math.trunc(diff / DAY), 'day');
}
