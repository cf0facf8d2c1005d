import { type MessageParams, messageOptions as sharedMessageOptions } from '@hostpilot/shared';
import { formatDate, formatDateTime, formatMinorMoney } from './format';
import type { Language } from './languages';

export type { MessageParams };

/**
 * A stored message's parameters ready to read in `language` (packages/shared/src/messages.ts has the rules, the
 * same for the API's documents): times as a date or a date and time, `amountMinor` with `currency` as `amount`,
 * unknown values left out, and `context: 'none'` when nothing is left.
 */
export function messageOptions(params: MessageParams, language: Language): Record<string, string | number> {
  return sharedMessageOptions(params, {
    date: (iso) => formatDate(iso, language),
    dateTime: (iso) => formatDateTime(iso, language),
    money: (minor, currency) => formatMinorMoney(minor, currency, language),
  });
}
