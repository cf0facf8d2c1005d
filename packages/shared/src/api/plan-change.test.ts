import { describe, expect, it } from 'vitest';
import { findServicePlan } from '../catalog';
import { planChangeOptions, planChangeQuote } from './plan-change';

const DAY = 24 * 60 * 60 * 1000;
const ids = (kind: Parameters<typeof planChangeOptions>[0], id: string) => planChangeOptions(kind, id).map((p) => p.id);

describe('plan changes (docs/decisions/037-plan-changes.md)', () => {
  it('offers the other plans of the same product, cheapest first', () => {
    expect(ids('hosting', 'business')).toEqual(['starter', 'enterprise']);
    expect(ids('hosting', 'pro')).toEqual(['basic', 'business-plus']);
    expect(ids('vds', 'vds-start')).toEqual(['vds-pro', 'vds-max']);
    expect(ids('game', 'cs2-basic')).toEqual(['cs2-pro']);
    expect(ids('game', 'minecraft-pro')).toEqual(['minecraft-basic']);
    expect(ids('extra', 'ssl')).toEqual([]);
    expect(ids('hosting', 'retired')).toEqual([]);
  });

  it('prorates by whole days left over the length of the paid month, rounding down', () => {
    const starter = findServicePlan('hosting', 'starter')!;
    const enterprise = findServicePlan('hosting', 'enterprise')!;
    // Paid until 1 March 2030 12:00: the month began on 1 February (28 days); 10 days and 11 hours are left.
    const expiresAt = Date.UTC(2030, 2, 1, 12);
    const now = expiresAt - 10 * DAY - 11 * 60 * 60 * 1000;
    expect(planChangeQuote({ from: starter, to: enterprise, expiresAt, now })).toEqual({
      direction: 'upgrade',
      remainingDays: 10,
      periodDays: 28,
      amountCents: 250, // 700 × 10 / 28 = 250 exactly
    });
    // An expired period costs nothing more.
    expect(planChangeQuote({ from: starter, to: enterprise, expiresAt, now: expiresAt + DAY }).amountCents).toBe(0);
  });
});
