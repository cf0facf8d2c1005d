import { describe, expect, it } from 'vitest';
import { clampPercent, hostingStatusTone, statusTone, ticketStatusTone, transactionState, usageTone } from './status';

describe('status colours (docs/product/constants.md)', () => {
  it.each([
    ['active', 'success'],
    ['completed', 'success'],
    ['pending', 'warning'],
    ['transfer', 'warning'],
    ['transferring', 'warning'],
    ['maintenance', 'warning'],
    ['expired', 'danger'],
    ['graceperiod', 'danger'],
    ['suspended', 'danger'],
    ['failed', 'danger'],
    ['something-new', 'danger'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('hosting: active green, everything else red', () => {
    expect(hostingStatusTone('active')).toBe('success');
    expect(hostingStatusTone('suspended')).toBe('danger');
    expect(hostingStatusTone('expired')).toBe('danger');
  });

  it('tickets: open green, any other blue', () => {
    expect(ticketStatusTone('open')).toBe('success');
    expect(ticketStatusTone('answered')).toBe('info');
    expect(ticketStatusTone('closed')).toBe('info');
  });

  it('transactions: completed, pending, anything else failed', () => {
    expect(transactionState('completed')).toBe('completed');
    expect(transactionState('pending')).toBe('pending');
    expect(transactionState('declined')).toBe('failed');
    expect(transactionState('failed')).toBe('failed');
  });

  it('usage thresholds and bounds', () => {
    expect(usageTone(0)).toBe('success');
    expect(usageTone(69)).toBe('success');
    expect(usageTone(70)).toBe('warning');
    expect(usageTone(89)).toBe('warning');
    expect(usageTone(90)).toBe('danger');
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(42.5)).toBe(42.5);
  });
});
