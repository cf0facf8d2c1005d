import { describe, expect, it } from 'vitest';
import { messageOptions } from './message-params';

const plain = (value: unknown) => String(value).replace(/[\u00a0\u202f]/g, ' ');

describe('messageOptions', () => {
  it('formats money from minor units and times in the reader’s language', () => {
    const en = messageOptions({ amountMinor: '2500', currency: 'USD', expiresAt: '2026-12-05T12:00:00.000Z' }, 'en');
    expect(en).toMatchObject({ amount: '$25.00', expiresAt: 'Dec 5, 2026' });
    const ru = messageOptions({ amountMinor: 2500, currency: 'USD', domain: 'myblog.net' }, 'ru');
    expect(plain(ru.amount)).toBe('25,00 $');
    expect(ru.domain).toBe('myblog.net');
  });

  it('asks for the `none` form when no parameter is left', () => {
    expect(messageOptions({}, 'en')).toEqual({ context: 'none' });
    expect(messageOptions({ flag: true, missing: null }, 'en')).toEqual({ context: 'none' });
    expect(messageOptions({ number: 'TCK-1' }, 'en')).toEqual({ number: 'TCK-1' });
  });
});

describe('a stored text with a parameter it does not have', () => {
  it('leaves an empty value out, so the message reads its `_none` form', () => {
    expect(messageOptions({ domain: '' }, 'en')).toEqual({ context: 'none' });
    expect(messageOptions({ domain: '', name: 'VDS Pro' }, 'en')).toEqual({ name: 'VDS Pro' });
  });
});
