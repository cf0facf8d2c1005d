import { describe, expect, it } from 'vitest';
import { statusToggle, transactionActions } from './row-actions';

describe('row action rules (docs/product/states.md)', () => {
  it('offers Suspend for an active row and Activate for any other status', () => {
    expect(statusToggle('active')).toBe('suspend');
    expect(statusToggle('Active')).toBe('suspend');
    expect(statusToggle('suspended')).toBe('activate');
    expect(statusToggle('expired')).toBe('activate');
    expect(statusToggle('')).toBe('activate');
  });

  it('offers Approve and Decline only on pending bank transfers, View on every payment', () => {
    expect(transactionActions('pending', 'bank_transfer')).toEqual(['view', 'approve', 'decline']);
    expect(transactionActions('pending', 'credit_card')).toEqual(['view']);
    expect(transactionActions('completed', 'bank_transfer')).toEqual(['view']);
    expect(transactionActions('failed', 'bank_transfer')).toEqual(['view']);
    expect(transactionActions('refunded', 'bank_transfer')).toEqual(['view']);
  });

  it('offers only View to a role that may not settle payments', () => {
    expect(transactionActions('pending', 'bank_transfer', false)).toEqual(['view']);
    expect(transactionActions('completed', 'credit_card', false, true)).toEqual(['view', 'refund']);
    expect(transactionActions('refunded', 'credit_card', true, true)).toEqual(['view']);
    expect(transactionActions('pending', 'credit_card', true, true)).toEqual(['view']);
  });
});
