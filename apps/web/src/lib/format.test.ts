import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatMinorMoney, formatMoney, formatPercent, formatRelativeTime, formatTime } from './format';

// Intl separates Russian groups and currency with no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows dollars with two decimals in English', () => {
    expect(formatMoney(2.99, 'en')).toBe('$2.99');
    expect(formatMoney(10, 'en')).toBe('$10.00');
    expect(formatMoney(-25.5, 'en')).toBe('-$25.50');
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
  });

  it('follows Russian conventions', () => {
    expect(plain(formatMoney(2.99, 'ru'))).toBe('2,99 $');
    expect(plain(formatMoney(1234.5, 'ru'))).toBe('1 234,50 $');
  });
});

describe('formatDate', () => {
  it('formats an ISO date for each language', () => {
    expect(formatDate('2027-03-15T12:00:00Z', 'en')).toBe('Mar 15, 2027');
    expect(plain(formatDate('2027-03-15T12:00:00Z', 'ru'))).toBe('15 мар. 2027 г.');
  });

  it('shows a bare calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2027-03-15', 'en')).toBe('Mar 15, 2027');
    expect(formatDate('2027-01-01', 'en')).toBe('Jan 1, 2027');
  });

  it('leaves an unparseable value as it is', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatPercent', () => {
  it('formats 0 to 100 as a percentage', () => {
    expect(formatPercent(45, 'en')).toBe('45%');
    expect(plain(formatPercent(45, 'ru'))).toBe('45 %');
  });

  it('keeps the decimals asked for', () => {
    expect(formatPercent(99.9, 'en', 1)).toBe('99.9%');
    expect(plain(formatPercent(99.9, 'ru', 1))).toBe('99,9 %');
    expect(formatPercent(99.9, 'en')).toBe('100%');
  });
});

describe('formatTime', () => {
  it('shows the time of day in each language', () => {
    const date = new Date(2027, 2, 15, 14, 30);
    expect(plain(formatTime(date, 'en'))).toBe('2:30 PM');
    expect(formatTime(date, 'ru')).toBe('14:30');
  });
});

describe('formatter reuse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds a number formatter once per language and options, so a page of prices pays for it once', async () => {
    // A fresh copy of the module, with none of the formatters the tests above built.
    vi.resetModules();
    const { formatMoney, formatPercent, prepareFormats } = await import('./format');
    const RealNumberFormat = Intl.NumberFormat;
    const built = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      return new RealNumberFormat(...args);
    } as unknown as typeof Intl.NumberFormat);
    prepareFormats('ru');
    expect(built).toHaveBeenCalledTimes(1);
    expect(plain(formatMoney(5, 'ru'))).toBe('5,00 $');
    expect(plain(formatMoney(7.5, 'ru'))).toBe('7,50 $');
    expect(built).toHaveBeenCalledTimes(1);
    expect(plain(formatPercent(99.9, 'ru', 1))).toBe('99,9 %');
    expect(plain(formatPercent(45, 'ru', 1))).toBe('45 %');
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('keeps different options apart', () => {
    expect(formatPercent(99.9, 'en', 1)).toBe('99.9%');
    expect(formatPercent(99.9, 'en')).toBe('100%');
    expect(formatMoney(99.9, 'en')).toBe('$99.90');
  });
});

describe('formatMinorMoney', () => {
  it('reads integer minor units with their currency', () => {
    expect(formatMinorMoney(1999, 'USD', 'en')).toBe('$19.99');
    expect(formatMinorMoney(-2550, 'usd', 'en')).toBe('-$25.50');
    expect(formatMinorMoney(0, 'USD', 'en')).toBe('$0.00');
    expect(plain(formatMinorMoney(123450, 'USD', 'ru'))).toBe('1 234,50 $');
    expect(plain(formatMinorMoney(123450, 'EUR', 'ru'))).toBe('1 234,50 €');
  });

  it('knows currencies without minor units', () => {
    expect(formatMinorMoney(500, 'JPY', 'en')).toBe('¥500');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);

  it('says how long ago, in each language, with Russian plural forms', () => {
    expect(formatRelativeTime(now - 2 * 3_600_000, 'en', now)).toBe('2 hours ago');
    expect(formatRelativeTime(now - 2 * 3_600_000, 'ru', now)).toBe('2 часа назад');
    expect(formatRelativeTime(now - 5 * 3_600_000, 'ru', now)).toBe('5 часов назад');
    expect(formatRelativeTime(now - 21 * 60_000, 'ru', now)).toBe('21 минуту назад');
    expect(formatRelativeTime(now - 10_000, 'en', now)).toBe('now');
  });

  it('reads ISO strings and says yesterday and days ahead', () => {
    expect(formatRelativeTime(new Date(now - 86_400_000).toISOString(), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(now + 3 * 86_400_000, 'en', now)).toBe('in 3 days');
    expect(formatRelativeTime(now - 3 * 86_400_000, 'ru', now)).toBe('3 дня назад');
  });

  it('gives the calendar date beyond a month', () => {
    expect(formatRelativeTime(now - 40 * 86_400_000, 'en', now)).toBe('Oct 15, 2026');
  });
});
