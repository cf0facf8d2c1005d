import { describe, expect, it } from 'vitest';
import { readStoredMessage } from './messages';

/** A tiny stand-in for i18next's `t` over two texts of one message: its full form and its `_none` form. */
function reader(full: string, none: string | undefined) {
  return (options: Record<string, string | number>) => {
    const text = options.context === 'none' && none !== undefined ? none : full;
    return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
      name in options ? String(options[name]) : placeholder,
    );
  };
}

describe('readStoredMessage', () => {
  it('reads the message with its parameters when it has every one it names', () => {
    const read = reader('Hosting for {{domain}} was renewed', 'A service was renewed');
    expect(readStoredMessage(read, { domain: 'mysite.com' }, () => 'Account update')).toBe(
      'Hosting for mysite.com was renewed',
    );
  });

  it('reads the `_none` form when a parameter the text names is missing', () => {
    const read = reader('Hosting for {{domain}} was renewed', 'A service was renewed');
    expect(readStoredMessage(read, { name: 'VDS Pro' }, () => 'Account update')).toBe('A service was renewed');
  });

  it('reads the fallback when no form can be filled', () => {
    const read = reader('Ticket {{number}} was closed', undefined);
    expect(readStoredMessage(read, {}, () => 'Account update')).toBe('Account update');
  });
});
