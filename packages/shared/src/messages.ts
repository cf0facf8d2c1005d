/**
 * Texts the API stores as a translation key with parameters (notifications, activity, transaction and invoice
 * line descriptions; docs/decisions/012-data-model.md), read in a language: the same rules for the web app and
 * for the documents the API writes (invoice PDFs, statements), so both say the same thing.
 */

/** The parameters of a stored text (numbers, text, true/false or null). */
export type MessageParams = Record<string, string | number | boolean | null>;

export interface MessageFormatters {
  /** A day, for names that mean one (`expiresAt`). */
  date(iso: string): string;
  /** A moment, for the other names ending in `At`. */
  dateTime(iso: string): string;
  money(minor: number, currency: string): string;
}

/**
 * A stored message's parameters ready to read: times (names ending in `At`) as a date, or a date and time;
 * `amountMinor` with `currency` as `amount` ("$25.00"); null and true/false left out. With no parameter left,
 * `context` is `none`, so i18next reads the message's `_none` form when it has one: a sentence that does not
 * name what it does not know. An empty text counts as unknown.
 */
export function messageOptions(params: MessageParams, format: MessageFormatters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || typeof value === 'boolean' || value === '') continue;
    if (name.endsWith('At') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
      out[name] = name === 'expiresAt' ? format.date(value) : format.dateTime(value);
    } else {
      out[name] = value;
    }
  }
  const minor = Number(params.amountMinor);
  if (typeof params.currency === 'string' && params.amountMinor !== null && Number.isFinite(minor)) {
    out.amount = format.money(minor, params.currency);
  }
  return Object.keys(out).length === 0 ? { context: 'none' } : out;
}
