import { formatDate, formatDateTime, formatMinorMoney } from './format';
import type { Language } from './languages';

/** The parameters of a text the API stores as a translation key (numbers, text, true/false or null). */
export type MessageParams = Record<string, string | number | boolean | null>;

/**
 * A stored message's parameters ready to read in `language`: times (names ending in `At`) as a date, or a date
 * and time; `amountMinor` with `currency` as `amount` ("$25.00"); null and true/false left out. With no
 * parameter left, `context` is `none`, so i18next reads the message's `_none` form when it has one: a sentence
 * that does not name what it does not know.
 */
export function messageOptions(params: MessageParams, language: Language): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || typeof value === 'boolean') continue;
    if (name.endsWith('At') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
      out[name] = name === 'expiresAt' ? formatDate(value, language) : formatDateTime(value, language);
    } else {
      out[name] = value;
    }
  }
  const minor = Number(params.amountMinor);
  if (typeof params.currency === 'string' && params.amountMinor !== null && Number.isFinite(minor)) {
    out.amount = formatMinorMoney(minor, params.currency, language);
  }
  return Object.keys(out).length === 0 ? { context: 'none' } : out;
}
